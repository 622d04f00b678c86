import * as E from 'fp-ts/Either';
import { Resource, ResourceField } from '../config/account-config';
import { FieldConversionOptions, convertFieldValue } from '../fields/convert-field-value';
import { RecordData } from './events';
import { RecordProblem } from './record-problems';

export const findResource = (resources: readonly Resource[] | undefined, objectId: string): Resource | undefined =>
  (resources ?? []).find((r) => r.id === objectId);

const fieldOf = (resource: Resource, key: string): ResourceField | undefined => resource.fields.find((f) => f.key === key);

/**
 * Converts one value of a record by its field's type. `null` is kept: it clears an optional
 * field (a required field holding null counts as missing).
 */
export const convertRecordValue = (resource: Resource, key: string, value: unknown, options: FieldConversionOptions): E.Either<RecordProblem, unknown> => {
  const field = fieldOf(resource, key);
  if (field === undefined) return E.left({ kind: 'unknownField', field: key, acceptedFields: resource.fields.map((f) => f.key) });
  if (value === null) return E.right(null);
  return E.mapLeft((p: { expected: string }): RecordProblem => ({ kind: 'unconvertible', field: key, expected: p.expected }))(
    convertFieldValue(field.type, value, options),
  );
};

/**
 * Every key of data must be a configured field and every value convertible by its field's type.
 * All problems are reported, unknown fields first.
 */
export const convertRecordData = (resource: Resource, data: Readonly<Record<string, unknown>>, options: FieldConversionOptions): E.Either<readonly RecordProblem[], RecordData> => {
  const problems: RecordProblem[] = [];
  const converted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const r = convertRecordValue(resource, key, value, options);
    if (E.isLeft(r)) problems.push(r.left);
    else converted[key] = r.right;
  }
  problems.sort((a, b) => (a.kind === 'unknownField' ? 0 : 1) - (b.kind === 'unknownField' ? 0 : 1));
  return problems.length > 0 ? E.left(problems) : E.right(converted);
};

/** Required fields that are absent or null in a whole record. */
export const missingRequiredFields = (resource: Resource, data: RecordData): string[] =>
  resource.fields.filter((f) => f.required === true && (data[f.key] === undefined || data[f.key] === null)).map((f) => f.key);
