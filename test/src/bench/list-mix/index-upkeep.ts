import { performance } from 'node:perf_hooks';
import type { Document } from '@support/domain';
import { SubstringIndex } from '@support/adapters/dist/read-store/embedded/substring-index';

/**
 * What the substring index adds to each create, measured on its own over the seeded tickets:
 * adding a ticket's text (the create's upsert), then a change of its text (the summary arriving,
 * which retires the old entries and adds the new ones). Median of 5 rounds, in µs per ticket.
 */
export const substringUpkeep = (docs: readonly Document[]): { addUs: number; changeUs: number } => {
  const spec = { key: { accountId: 1, searchText: 1 }, substring: true } as const;
  const changed = docs.map((d) => ({ ...d, searchText: `${String(d.searchText)} changed` }));
  const adds: number[] = [];
  const changes: number[] = [];
  for (let round = 0; round < 5; round++) {
    const index = new SubstringIndex('upkeep', spec);
    let t0 = performance.now();
    for (const doc of docs) index.add(doc);
    adds.push(((performance.now() - t0) * 1000) / docs.length);
    t0 = performance.now();
    for (let i = 0; i < docs.length; i++) index.replace(docs[i], changed[i]);
    changes.push(((performance.now() - t0) * 1000) / docs.length);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { addUs: median(adds), changeUs: median(changes) };
};
