import { compareBson } from './bson-order';
import { isPlainObject, setAt, splitPath, valueAt } from './field-path';

type Operand = Record<string, unknown>;
type Document = Record<string, unknown>;

/** Applies one operator to one plain (dotted, no positional) path of a document it owns. */
type PlainOperator = (doc: Document, path: readonly string[], argument: unknown) => void;

function unsetAt(doc: Document, path: readonly string[]): void {
  const parent = valueAt(doc, path.slice(0, -1));
  if (isPlainObject(parent)) delete parent[path[path.length - 1]];
}

const PUSH_MODIFIERS = new Set(['$each', '$slice', '$position']);

function push(doc: Document, path: readonly string[], argument: unknown): void {
  const target = valueAt(doc, path);
  const values: unknown[] = Array.isArray(target) ? target : [];
  if (isPlainObject(argument) && '$each' in argument) {
    const each = argument.$each as unknown[];
    const position = typeof argument.$position === 'number' ? argument.$position : values.length;
    values.splice(position < 0 ? Math.max(0, values.length + position) : position, 0, ...each);
    const slice = argument.$slice;
    if (typeof slice === 'number') values.splice(slice < 0 ? 0 : slice, slice < 0 ? Math.max(0, values.length + slice) : values.length);
  } else values.push(argument);
  if (!Array.isArray(target)) setAt(doc, path, values);
}

/**
 * MongoDB's common update operators on plain paths, applied directly (mingo's updater builds a
 * fresh operator context per call, which costs more than the update itself). Anything else
 * (positional paths, $push with $sort, $pull, $rename, …) stays with mingo.
 */
const OPERATORS: Readonly<Record<string, PlainOperator>> = {
  $set: (doc, path, value) => setAt(doc, path, value),
  $unset: (doc, path) => unsetAt(doc, path),
  $inc: (doc, path, amount) => {
    const target = valueAt(doc, path);
    setAt(doc, path, (typeof target === 'number' ? target : 0) + (amount as number));
  },
  $mul: (doc, path, factor) => {
    const target = valueAt(doc, path);
    setAt(doc, path, (typeof target === 'number' ? target : 0) * (factor as number));
  },
  $max: (doc, path, value) => {
    const target = valueAt(doc, path);
    if (target === undefined || compareBson(value, target) > 0) setAt(doc, path, value);
  },
  $min: (doc, path, value) => {
    const target = valueAt(doc, path);
    if (target === undefined || compareBson(value, target) < 0) setAt(doc, path, value);
  },
  $push: push,
};

const isPlainPath = (path: string): boolean => !path.includes('$') && !/(^|\.)[0-9]+(\.|$)/.test(path);

const handledHere = (op: string, argument: unknown): boolean => {
  if (op !== '$push' || !isPlainObject(argument)) return true;
  const modifiers = Object.keys(argument).filter((k) => k.startsWith('$'));
  return modifiers.length === 0 || (modifiers.every((m) => PUSH_MODIFIERS.has(m)) && Array.isArray(argument.$each));
};

/** Applies what it can of `ops` to `doc` and removes it from `ops`; the rest is left for mingo. */
export function applyPlainOperators(doc: Document, ops: Record<string, Operand>): void {
  for (const [op, operand] of Object.entries(ops)) {
    const apply = OPERATORS[op];
    if (apply === undefined) continue;
    for (const [path, argument] of Object.entries(operand)) {
      if (!isPlainPath(path) || !handledHere(op, argument)) continue;
      apply(doc, splitPath(path), argument);
      delete operand[path];
    }
  }
}
