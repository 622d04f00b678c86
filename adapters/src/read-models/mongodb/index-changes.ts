import type { IndexDescription } from 'mongodb';

/** An index as listIndexes describes it: its name and its keys in order. */
export interface ExistingIndex {
  readonly name?: string;
  readonly key: Readonly<Record<string, unknown>>;
}

/** MongoDB's own index on `_id`, never dropped. */
const ID_INDEX = '_id_';

const sameKey = (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean =>
  JSON.stringify(Object.entries(a)) === JSON.stringify(Object.entries(b));

/**
 * How to go from the indexes a collection has to those declared, without touching its documents:
 * drop each index no longer declared or declared under its name with other keys, and create each
 * declared one that is missing (or was just dropped). The index on `_id` stays. Pure.
 */
export const indexChanges = (existing: readonly ExistingIndex[], declared: readonly IndexDescription[]): { drop: string[]; create: IndexDescription[] } => {
  const keyOf = (d: IndexDescription): Record<string, unknown> => (d.key instanceof Map ? Object.fromEntries(d.key) : d.key);
  const wanted = new Map(declared.map((d) => [d.name as string, keyOf(d)]));
  const drop = existing
    .filter((i) => i.name !== undefined && i.name !== ID_INDEX)
    .filter((i) => !wanted.has(i.name as string) || !sameKey(wanted.get(i.name as string) as Record<string, unknown>, i.key))
    .map((i) => i.name as string);
  const kept = new Set(existing.map((i) => i.name).filter((n) => n !== undefined && !drop.includes(n)));
  return { drop, create: declared.filter((d) => !kept.has(d.name)) };
};
