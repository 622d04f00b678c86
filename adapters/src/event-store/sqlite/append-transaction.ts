import Database from 'better-sqlite3';
import { Either, left, right } from 'fp-ts/Either';
import { AppendResult, ExpectedRevision, WrongExpectedVersion } from '@support/domain';
import { isUniqueViolation } from './database';
import { EventRow, PreparedEvent, positionAt } from './event-row';
import { retryStartRevision, wrongExpectedVersion } from '../expected-revision';
import { EventStatements } from './statements';

export interface AppendRequest {
  readonly streamName: string;
  readonly events: readonly PreparedEvent[];
  readonly expected: ExpectedRevision;
  /** Milliseconds since the epoch, stamped as the events' `created`. */
  readonly created: number;
}

export type AppendOutcome = Either<WrongExpectedVersion, AppendResult>;

/** What a group's transaction did: each append's outcome, and the rows it wrote, in log order. */
export interface GroupWritten {
  readonly outcomes: AppendOutcome[];
  readonly written: EventRow[];
}

/**
 * The transaction of a group commit: each append of the group in its own SAVEPOINT (better-sqlite3
 * turns a nested transaction into one), so one append refused leaves the others of its group
 * written. Run with BEGIN IMMEDIATE: the write lock is taken first, so the stream revisions read
 * here are the latest of every process until the commit.
 */
export const groupTransaction = (db: Database.Database, statements: EventStatements): ((group: readonly AppendRequest[]) => GroupWritten) => {
  const appendOne = db.transaction((request: AppendRequest, written: EventRow[]): AppendOutcome => appendInside(statements, request, written));
  const group = db.transaction((requests: readonly AppendRequest[]): GroupWritten => {
    const written: EventRow[] = [];
    const outcomes = requests.map((request): AppendOutcome => {
      const before = written.length;
      try {
        return appendOne(request, written);
      } catch (error) {
        written.length = before;
        // The savepoint is rolled back; the database refused a revision taken meanwhile.
        if (!isUniqueViolation(error)) throw error;
        const wrong = wrongExpectedVersion(request.streamName, request.expected, streamLength(statements, request.streamName));
        return left(wrong ?? { kind: 'WrongExpectedVersion', streamName: request.streamName, expected: request.expected, actual: 'no_stream' });
      }
    });
    return { outcomes, written };
  });
  return (requests) => group.immediate(requests);
};

const streamLength = (statements: EventStatements, streamName: string): number => {
  const last = statements.lastRevision.get(streamName)?.last;
  return last === null || last === undefined ? 0 : last + 1;
};

/**
 * One append, inside the group's transaction: a retry answers as the original did, then the expected
 * revision is checked, then the events inserted (and their rows added to `written`).
 */
function appendInside(statements: EventStatements, request: AppendRequest, written: EventRow[]): AppendOutcome {
  const { streamName, events, expected } = request;
  const length = streamLength(statements, streamName);
  const original = originalResult(statements, request, length);
  if (original) return right(original);
  const wrong = wrongExpectedVersion(streamName, expected, length);
  if (wrong) return left(wrong);
  if (events.length === 0) {
    if (length === 0) return right({ nextExpectedRevision: -1n, position: { commit: -1n, prepare: -1n } });
    const position = statements.positionOf.get(streamName, length - 1)?.position ?? -1;
    return right({ nextExpectedRevision: BigInt(length - 1), position: positionAt(position) });
  }
  let position = 0;
  events.forEach((event, i) => {
    const inserted = statements.insert.run(streamName, length + i, event.id, event.type, event.data, event.metadata, request.created);
    position = Number(inserted.lastInsertRowid);
    written.push([position, streamName, length + i, event.id, event.type, event.data, event.metadata, request.created]);
  });
  return right({ nextExpectedRevision: BigInt(length + events.length - 1), position: positionAt(position) });
}

/**
 * When these very events (by id) already sit where this append would have put them, the append is a
 * retry of one that was written: its answer is the original's, and nothing is written again.
 */
function originalResult(statements: EventStatements, request: AppendRequest, length: number): AppendResult | null {
  const { streamName, events, expected } = request;
  const start = retryStartRevision(expected, length, events.length);
  if (events.length === 0 || start < 0 || start + events.length > length) return null;
  const stored = statements.idsFrom.all(streamName, start, events.length);
  if (stored.length !== events.length || !stored.every((row, i) => row.event_id === events[i].id)) return null;
  const last = stored[stored.length - 1];
  return { nextExpectedRevision: BigInt(last.revision), position: positionAt(last.position) };
}
