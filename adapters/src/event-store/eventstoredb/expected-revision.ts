import { ANY, AppendExpectedRevision, CurrentRevision, NO_STREAM, STREAM_EXISTS } from '@eventstore/db-client';
import { ExpectedRevision, WrongExpectedVersion } from '@support/domain';

export function toClientExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
}

/** The port's failure value; `expected` is what the caller asked for, `actual` what the server reported. */
export function wrongExpectedVersion(
  streamName: string,
  expected: ExpectedRevision,
  actual: CurrentRevision,
): WrongExpectedVersion {
  return { kind: 'WrongExpectedVersion', streamName, expected, actual: actual === NO_STREAM ? 'no_stream' : actual };
}
