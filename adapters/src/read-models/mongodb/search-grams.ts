import type { Document } from 'mongodb';
import { GRAMS } from './internal-fields';

/**
 * A substring index on MongoDB, as the old read-store adapter kept it: beside the collection's
 * search field the writer keeps the distinct 3-character grams of its text in GRAMS (a multikey
 * array under an ordinary index). A text contains a fragment only if it holds every gram of the
 * fragment, so `GRAMS: { $all: grams }` finds a superset of the matches from the index, and a
 * `$regex` of the fragment, escaped, decides each of them. A fragment shorter than a gram has no
 * grams: it is looked for by the `$regex` alone. Pure: the driver is imported for its types only.
 */
const GRAM_LENGTH = 3;

/** The distinct grams of a text (none for a text shorter than a gram), by UTF-16 code unit as JavaScript and the fragments count them. */
const gramsOf = (text: string): string[] => {
  const grams = new Set<string>();
  for (let at = 0; at + GRAM_LENGTH <= text.length; at++) grams.add(text.slice(at, at + GRAM_LENGTH));
  return [...grams];
};

/** The grams of a field's value: of the text, or of every text of a list; none for anything else. */
const gramsOfValue = (value: unknown): string[] => {
  if (typeof value === 'string') return gramsOf(value);
  if (Array.isArray(value)) return [...new Set(value.filter((v): v is string => typeof v === 'string').flatMap(gramsOf))];
  return [];
};

/**
 * The fields to set with the grams of the search field when they set it (the grams follow from the
 * new value alone); the same fields otherwise. The writer and the tests build documents with it.
 */
export const withSearchGrams = <T extends Record<string, unknown>>(fields: T, searchField: string | null): T =>
  searchField !== null && searchField in fields ? { ...fields, [GRAMS]: gramsOfValue(fields[searchField]) } : fields;

/** A pattern that matches `text` literally (a NUL, which MongoDB refuses in a pattern, as its escape). */
const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\0/g, '\\x00');

/** A filter no document matches. */
const MATCH_NOTHING: Document = { _id: { $in: [] } };

/** The text of `field` holds this fragment: its grams (from the index) and the literal itself. */
const holds = (field: string, fragment: string): Document => {
  const literal = { [field]: { $regex: escapeRegex(fragment) } };
  return fragment.length >= GRAM_LENGTH ? { [GRAMS]: { $all: gramsOf(fragment) }, ...literal } : literal;
};

/**
 * The text of `field` holds at least one of the fragments: none matches nothing; an empty fragment
 * is in every text (no condition, as `''.includes('')`). `scope` is the search's scope as the
 * query names it (`{ accountId }`): several fragments are an `$or` whose every branch repeats it,
 * so that each branch is a range of the scoped grams index (scope, grams) on its own; one fragment
 * sits beside the query's own scope condition.
 */
export const fragmentsFilter = (field: string, fragments: readonly string[], scope: Document = {}): Document => {
  if (fragments.length === 0) return MATCH_NOTHING;
  if (fragments.includes('')) return {};
  const each = [...new Set(fragments)].map((f) => holds(field, f));
  return each.length === 1 ? each[0] : { $or: each.map((branch) => ({ ...scope, ...branch })) };
};
