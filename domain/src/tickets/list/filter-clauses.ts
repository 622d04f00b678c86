import { Filter } from '../../ports/read-store';

/**
 * All of these conditions, as one filter document: each clause's keys go to the top level (where
 * MongoDB's planner and the embedded store's index plans see them) unless the key is taken, in
 * which case the clause joins a top-level $and.
 */
export const allOf = (clauses: readonly Filter[]): Filter => {
  const top: Record<string, unknown> = {};
  const rest: Filter[] = [];
  for (const clause of clauses) {
    const keys = Object.keys(clause);
    if (keys.length === 0) continue;
    if (keys.some((k) => k in top || k === '$and')) rest.push(clause);
    else Object.assign(top, clause);
  }
  return rest.length > 0 ? { ...top, $and: rest } : top;
};

/** A regular expression that matches `text` literally. */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "a, b,,c " → ["a", "b", "c"] */
export const commaSeparated = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

export const distinct = <A>(values: readonly A[]): A[] => [...new Set(values)];
