import type { Document } from 'mongodb';

/**
 * All of these conditions as one filter: each clause's keys go to the top level (where MongoDB's
 * planner sees them best) unless one of them is taken already, in which case the whole clause
 * joins a top-level `$and`. Empty clauses (no condition) are left out.
 */
export const allOf = (clauses: readonly Document[]): Document => {
  const top: Record<string, unknown> = {};
  const rest: Document[] = [];
  for (const clause of clauses) {
    const keys = Object.keys(clause);
    if (keys.length === 0) continue;
    if (keys.some((k) => k in top || k === '$and')) rest.push(clause);
    else Object.assign(top, clause);
  }
  return rest.length > 0 ? { ...top, $and: rest } : top;
};
