import { Position } from './event-store';

export const comparePositions = (a: Position, b: Position): number =>
  a.commit < b.commit ? -1 : a.commit > b.commit ? 1 : a.prepare < b.prepare ? -1 : a.prepare > b.prepare ? 1 : 0;

/** Checkpoints are stored as text: "commit/prepare". */
export const positionToString = (p: Position): string => `${p.commit}/${p.prepare}`;

export const positionFromString = (s: string): Position => {
  const [commit, prepare] = s.split('/');
  return { commit: BigInt(commit), prepare: BigInt(prepare ?? commit) };
};
