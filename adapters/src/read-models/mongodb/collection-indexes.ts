import type { CollectionShape } from '@support/domain';
import type { IndexDescription } from 'mongodb';
import { GRAMS } from './internal-fields';

/**
 * The MongoDB indexes of a declared collection: each declared index over its fields in order,
 * ascending (MongoDB walks an index either way, so one serves both sort directions, and a list
 * field makes it multikey). The search field is indexed by its grams: an index that names it has
 * the grams in its place (declare `['accountId', 'searchText']` to look for fragments within an
 * account), and when none names it an index of the grams alone is added. MongoDB refuses a
 * document with two lists under one index, so an index holds one list field at most, the grams
 * counting as one.
 */
export const indexDescriptions = (shape: CollectionShape): IndexDescription[] => {
  const search = shape.search ?? null;
  const field = (f: string): string => (f === search ? GRAMS : f);
  const declared = (shape.indexes ?? []).map((i) => ({ name: i.name, key: Object.fromEntries(i.fields.map((f) => [field(f), 1 as const])) }));
  const searched = search === null || (shape.indexes ?? []).some((i) => i.fields.includes(search));
  return searched ? declared : [...declared, { name: `${search}_grams`, key: { [GRAMS]: 1 } }];
};
