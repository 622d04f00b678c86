import type { Document, Filter, FindOptions, IndexSpec, Update } from '@support/domain';
import { GRAM_LENGTH, gramsOf, indexedTexts, literalSearchesOf } from '../substring-grams';

/**
 * A substring index on MongoDB: the adapter keeps, beside each substring-indexed field F, the
 * distinct 3-character grams of its text in `_grams.F` (a multikey array under an ordinary index
 * led by the spec's other fields), and adds to a find or count whose filter searches F by literals
 * the condition that the document holds every gram of one of them. The filter's own `$regex` still
 * decides each document, so the matches are those of the filter alone. Pure: no driver here.
 */
export const GRAMS = '_grams';

export const gramsFieldOf = (field: string): string => `${GRAMS}.${field}`;

/** The indexed field of a substring spec (its key's last field) and the key MongoDB indexes. */
export const substringIndexKey = (spec: IndexSpec): { field: string; key: Record<string, 1 | -1> } => {
  const fields = Object.keys(spec.key);
  const field = fields[fields.length - 1];
  return { field, key: { ...Object.fromEntries(fields.slice(0, -1).map((f) => [f, spec.key[f]])), [gramsFieldOf(field)]: 1 } };
};

/** The field a MongoDB index key serves as a substring index, if it is one. */
export const substringFieldOfKey = (key: Record<string, unknown>): string | undefined => {
  const last = Object.keys(key).pop();
  return last !== undefined && last.startsWith(`${GRAMS}.`) ? last.slice(GRAMS.length + 1) : undefined;
};

export const gramsOfValue = (value: unknown): string[] => [...new Set(indexedTexts(value).flatMap(gramsOf))];

const related = (path: string, field: string): boolean => path === field || path.startsWith(`${field}.`) || field.startsWith(`${path}.`);

/**
 * The update with the grams of every substring-indexed field it sets or unsets. Only `$set`,
 * `$setOnInsert` and `$unset` of the field itself are understood (the grams follow from the new
 * value alone); any other change of the field is refused rather than leaving its grams stale.
 */
export const withGramUpdates = (update: Update, fields: readonly string[]): Update => {
  if (fields.length === 0) return update;
  const out: Record<string, Record<string, unknown>> = {};
  for (const [op, changes] of Object.entries(update)) out[op] = { ...(changes as Record<string, unknown>) };
  for (const [op, changes] of Object.entries(update)) {
    for (const path of Object.keys(changes as Record<string, unknown>)) {
      for (const field of fields.filter((f) => related(path, f))) {
        if (path !== field || !['$set', '$setOnInsert', '$unset'].includes(op)) {
          throw new Error(`${field} has a substring index: change it with $set, $setOnInsert or $unset of the whole field, not ${op} of ${path}`);
        }
        if (op === '$unset') out.$unset[gramsFieldOf(field)] = '';
        else out[op][gramsFieldOf(field)] = gramsOfValue((changes as Record<string, unknown>)[path]);
      }
    }
  }
  return out;
};

export const valueAtPath = (doc: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((v, part) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined), doc);

/** A replacement document with the grams of its substring-indexed fields. */
export const withGramFields = <T extends Document>(doc: T, fields: readonly string[]): T => {
  if (fields.length === 0) return doc;
  const { [GRAMS]: _stale, ...rest } = doc as Record<string, unknown>;
  const grams = Object.fromEntries(fields.map((f) => [f, gramsOfValue(valueAtPath(doc, f))]));
  return { ...rest, [GRAMS]: grams } as unknown as T;
};

/**
 * The filter narrowed by grams: for the first literal search on a substring-indexed field whose
 * literals are each at least a gram long, the document must hold every gram of one of them.
 */
export const withGramSearch = (filter: Filter, fields: readonly string[]): Filter => {
  if (fields.length === 0) return filter;
  const searches = literalSearchesOf(filter);
  for (const field of fields) {
    for (const literals of searches.get(field) ?? []) {
      if (literals.length === 0 || literals.some((l) => l.length < GRAM_LENGTH)) continue;
      const holds = literals.map((l) => ({ [gramsFieldOf(field)]: { $all: gramsOf(l) } }));
      return { $and: [filter, holds.length === 1 ? holds[0] : { $or: holds }] };
    }
  }
  return filter;
};

/** Find options that leave the grams out of the documents returned. */
export const withoutGrams = (options: FindOptions | undefined, fields: readonly string[]): FindOptions | undefined => {
  if (fields.length === 0) return options;
  const projection = options?.projection;
  if (projection === undefined) return { ...options, projection: { [GRAMS]: 0 } };
  const including = Object.entries(projection).some(([k, v]) => k !== '_id' && v === 1);
  return including ? options : { ...options, projection: { ...projection, [GRAMS]: 0 } };
};
