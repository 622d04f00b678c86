import type { Document, Filter, Update } from '@support/domain';
import type { Modifier } from 'mingo/updater';
import { compareBson } from './bson-order';
import { cloneValue } from './clone-value';
import { isPlainObject, setAt, splitPath, valueAt } from './field-path';
import { mingo } from './mingo-lazy';
import { applyPlainOperators } from './plain-operators';
import { badValue, conflictingUpdate, failedToParse, immutableId, pathNotViable, typeMismatch } from './store-operation-error';

type Operand = Record<string, unknown>;
type Operators = Record<string, Operand>;

const OPERATORS = new Set(['$set', '$unset', '$inc', '$mul', '$max', '$min', '$push', '$addToSet', '$pull', '$pullAll', '$pop', '$rename', '$currentDate', '$setOnInsert']);
/** Operators that create the field (and the sub-documents on its path) when it is missing. */
const CREATING = new Set(['$set', '$inc', '$mul', '$max', '$min', '$push', '$addToSet', '$currentDate']);

/** Checks that an update is made of update operators, as the MongoDB driver does before sending it. */
export function checkUpdate(update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || !keys.every((k) => k.startsWith('$'))) throw failedToParse('Update document requires atomic operators');
  for (const op of keys) {
    if (!OPERATORS.has(op)) throw failedToParse(`Unknown modifier: ${op}`);
    if (!isPlainObject(update[op])) throw failedToParse(`Modifiers operate on fields but we found type ${typeof update[op]} instead for ${op}`);
  }
}

/**
 * The document that `update` makes of `current` (which is left untouched), with MongoDB's
 * rules: `$setOnInsert` applies only when `inserting`, `_id` cannot change, two operators may
 * not touch the same path, `$inc` needs numbers and `$push`/`$addToSet` arrays. The common
 * operators on plain paths are applied directly (see plain-operators); `$addToSet` there follows
 * MongoDB more closely than mingo (an `$each` list is de-duplicated, existing elements are left
 * as they are). The rest (positional paths, `$pull`, `$rename`, `$push` with `$sort`, …) is mingo's.
 */
export function applyUpdate(current: Document, update: Update, filter: Filter, inserting: boolean): Document {
  checkUpdate(update);
  const ops = cloneValue(update) as Operators;
  checkConflicts(ops);
  if (ops.$setOnInsert !== undefined) {
    if (inserting) ops.$set = { ...ops.$set, ...ops.$setOnInsert };
    delete ops.$setOnInsert;
  }
  guardId(ops, current._id);
  const next = cloneValue(current);
  checkTargets(next, ops);
  seedPushTargets(next, ops);
  addToSets(next, ops);
  applyPlainOperators(next, ops);
  for (const op of Object.keys(ops)) if (Object.keys(ops[op]).length === 0) delete ops[op];
  if (Object.keys(ops).length > 0) {
    const positional = Object.values(ops).some((operand) => Object.keys(operand).some((path) => splitPath(path).includes('$')));
    mingo().update(next, ops as Modifier<Document>, [], positional ? filter : undefined, { cloneMode: 'deep' });
  }
  return next;
}

const isPlainPath = (path: string): boolean => splitPath(path).every((part) => !part.startsWith('$') && !/^[0-9]+$/.test(part));

function checkConflicts(ops: Operators): void {
  const paths: string[] = [];
  for (const [op, operand] of Object.entries(ops)) {
    for (const [path, value] of Object.entries(operand)) {
      paths.push(path);
      if (op === '$rename' && typeof value === 'string') paths.push(value);
    }
  }
  const sorted = paths.map((p) => splitPath(p).filter((part) => !part.startsWith('$')).join('.')).sort();
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] === sorted[i - 1] || sorted[i].startsWith(`${sorted[i - 1]}.`)) throw conflictingUpdate(sorted[i - 1]);
  }
}

/** `$set` of `_id` to the value it has is allowed (and dropped); any other change is refused. */
function guardId(ops: Operators, id: string): void {
  for (const [op, operand] of Object.entries(ops)) {
    for (const path of Object.keys(operand)) {
      if (path !== '_id' && !path.startsWith('_id.')) continue;
      if (op === '$set' && path === '_id' && compareBson(operand[path], id) === 0) delete operand[path];
      else throw immutableId(path);
    }
  }
}

function checkTargets(doc: Document, ops: Operators): void {
  for (const [op, operand] of Object.entries(ops)) {
    for (const [path, argument] of Object.entries(operand)) {
      if (!isPlainPath(path)) continue;
      const parts = splitPath(path);
      if (CREATING.has(op)) {
        for (let i = 1; i < parts.length; i++) {
          const above = valueAt(doc, parts.slice(0, i));
          if (above !== undefined && !isPlainObject(above)) {
            throw pathNotViable(`Cannot create field '${parts[i]}' in element {${parts[i - 1]}: ${describeType(above)}}`);
          }
        }
      }
      const target = valueAt(doc, parts);
      if (op === '$inc' || op === '$mul') {
        if (typeof argument !== 'number') throw typeMismatch(`Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${describeType(argument)}}`);
        if (target !== undefined && typeof target !== 'number') {
          throw typeMismatch(`Cannot apply ${op} to a value of non-numeric type. {_id: ${JSON.stringify(doc._id)}} has the field '${path}' of non-numeric type ${describeType(target)}`);
        }
      }
      if ((op === '$push' || op === '$addToSet') && target !== undefined && !Array.isArray(target)) {
        throw badValue(`The field '${path}' must be an array but is of type ${describeType(target)} in document {_id: ${JSON.stringify(doc._id)}}`);
      }
    }
  }
}

const describeType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : value instanceof Date ? 'date' : typeof value === 'object' ? 'object' : typeof value;

const hasEach = (argument: unknown): argument is { $each: unknown[] } & Record<string, unknown> =>
  isPlainObject(argument) && Array.isArray(argument.$each);

/** `$push` with modifiers ($slice, $sort, $position) on a missing field starts from an empty array. */
function seedPushTargets(doc: Document, ops: Operators): void {
  for (const [path, argument] of Object.entries(ops.$push ?? {})) {
    if (isPlainPath(path) && hasEach(argument) && valueAt(doc, splitPath(path)) === undefined) setAt(doc, splitPath(path), []);
  }
}

function addToSets(doc: Document, ops: Operators): void {
  const operand = ops.$addToSet;
  if (operand === undefined) return;
  for (const [path, argument] of Object.entries(operand)) {
    if (!isPlainPath(path)) continue;
    if (isPlainObject(argument) && '$each' in argument && !Array.isArray(argument.$each)) throw badValue('The argument to $each in $addToSet must be an array');
    const additions = hasEach(argument) ? argument.$each : [argument];
    const parts = splitPath(path);
    const target = valueAt(doc, parts);
    const values = Array.isArray(target) ? target : [];
    for (const addition of additions) {
      if (!values.some((existing) => compareBson(existing, addition) === 0)) values.push(addition);
    }
    if (!Array.isArray(target)) setAt(doc, parts, values);
    delete operand[path];
  }
}
