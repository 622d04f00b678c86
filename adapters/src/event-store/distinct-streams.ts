import { StreamAppend } from '@support/domain';

/** A multi-stream append names each stream once (its events in one part, with one expected revision): a caller's mistake otherwise. */
export const assertDistinctStreams = (appends: readonly StreamAppend[]): void => {
  if (appends.length === 0) throw new TypeError('a multi-stream append needs at least one stream');
  const names = new Set<string>();
  for (const { streamName } of appends) {
    if (names.has(streamName)) throw new TypeError(`stream ${streamName} appears twice in one multi-stream append`);
    names.add(streamName);
  }
};
