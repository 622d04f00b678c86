import type { CollectionShape } from '@support/domain';
import type { IndexDescription } from 'mongodb';
import { GRAMS } from './internal-fields';

/**
 * The MongoDB indexes of a declared collection: each declared index over its fields in order,
 * ascending (MongoDB walks an index either way, so one serves both sort directions, and a list
 * field makes it multikey). The search field is indexed by its grams: an index that names it has
 * the grams in its place, and when none names it an index of the grams is added, after the field
 * the search is scoped by when the collection has one (`searchScopedBy`: the tickets' `accountId`,
 * so that a fragment's candidates come from one account's entries only; every search of such a
 * collection names that field, see fragmentsFilter). MongoDB refuses a document with two lists
 * under one index, so an index holds one list field at most, the grams counting as one. Pure.
 */
export const indexDescriptions = (shape: CollectionShape): IndexDescription[] => {
  const search = shape.search ?? null;
  const field = (f: string): string => (f === search ? GRAMS : f);
  const declared = (shape.indexes ?? []).map((i) => ({ name: i.name, key: Object.fromEntries(i.fields.map((f) => [field(f), 1 as const])) }));
  const searched = search === null || (shape.indexes ?? []).some((i) => i.fields.includes(search));
  if (searched) return declared;
  const scope = shape.searchScopedBy;
  const grams = scope === undefined
    ? { name: `${search}_grams`, key: { [GRAMS]: 1 as const } }
    : { name: `${scope}_${search}_grams`, key: { [scope]: 1 as const, [GRAMS]: 1 as const } };
  return [...declared, grams];
};
