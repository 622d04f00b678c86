import { ExpectedRevision, WrongExpectedVersion } from '@support/domain';

/** The failure value when `expected` does not hold for a stream of `streamLength` events; undefined when it holds. */
export function wrongExpectedVersion(
  streamName: string,
  expected: ExpectedRevision,
  streamLength: number,
): WrongExpectedVersion | undefined {
  const actual = streamLength === 0 ? 'no_stream' : BigInt(streamLength - 1);
  const holds =
    expected === 'any' ||
    (expected === 'no_stream' && actual === 'no_stream') ||
    (expected === 'stream_exists' && actual !== 'no_stream') ||
    (typeof expected === 'bigint' && actual === expected);
  return holds ? undefined : { kind: 'WrongExpectedVersion', streamName, expected, actual };
}

/**
 * Revision at which a batch appended with `expected` would have started: where the events of a
 * retried append sit if they were written before. `any` and `stream_exists` look at the last events.
 */
export function retryStartRevision(expected: ExpectedRevision, streamLength: number, batchLength: number): number {
  if (expected === 'no_stream') return 0;
  if (typeof expected === 'bigint') return expected < -1n ? -1 : Number(expected) + 1;
  return streamLength - batchLength;
}
