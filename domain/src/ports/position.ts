import { Position } from './event-store';

export const comparePositions = (a: Position, b: Position): number =>
  a.commit < b.commit ? -1 : a.commit > b.commit ? 1 : a.prepare < b.prepare ? -1 : a.prepare > b.prepare ? 1 : 0;

/** Checkpoints are stored as text: "commit/prepare". */
export const positionToString = (p: Position): string => `${p.commit}/${p.prepare}`;

/**
 * A position as text that sorts in log order (both numbers zero-padded to 20 digits): what a read
 * model stores to compare positions in its queries (a ticket's creation, an export's snapshot).
 */
export const sortablePosition = (p: Position): string => `${String(p.commit).padStart(20, '0')}/${String(p.prepare).padStart(20, '0')}`;

export const positionFromString = (s: string): Position => {
  const [commit, prepare] = s.split('/');
  return { commit: BigInt(commit), prepare: BigInt(prepare ?? commit) };
};
