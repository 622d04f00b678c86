import Database from 'better-sqlite3';
import { Either, left, right } from 'fp-ts/Either';
import { ExpectedRevision, MultiStreamAppendResult, WrongExpectedVersion } from '@support/domain';
import { isUniqueViolation } from './database';
import { EventRow, PreparedEvent, positionAt } from './event-row';
import { retryStartRevision, wrongExpectedVersion } from '../expected-revision';
import { EventStatements } from './statements';

/** One stream's part of an append: its events and the revision it must be at. */
export interface StreamPart {
  readonly streamName: string;
  readonly events: readonly PreparedEvent[];
  readonly expected: ExpectedRevision;
}

/** An append: one stream's events, or several streams' written all or none (appendToStreams). */
export interface AppendRequest {
  readonly streams: readonly StreamPart[];
  /** Milliseconds since the epoch, stamped as the events' `created`. */
  readonly created: number;
}

export type AppendOutcome = Either<WrongExpectedVersion, MultiStreamAppendResult>;

/** What a group's transaction did: each append's outcome, and the rows it wrote, in log order. */
export interface GroupWritten {
  readonly outcomes: AppendOutcome[];
  readonly written: EventRow[];
}

/** Thrown inside an append's savepoint to roll back the streams it wrote before one whose revision did not hold. */
class Refused extends Error {
  constructor(readonly wrong: WrongExpectedVersion) {
    super(`wrong expected version of ${wrong.streamName}`);
  }
}

/**
 * The transaction of a group commit: each append of the group in its own SAVEPOINT (better-sqlite3
 * turns a nested transaction into one), so one append refused leaves the others of its group
 * written, and an append over several streams is written whole or not at all. Run with BEGIN
 * IMMEDIATE: the write lock is taken first, so the stream revisions read here are the latest of
 * every process until the commit.
 */
export const groupTransaction = (db: Database.Database, statements: EventStatements): ((group: readonly AppendRequest[]) => GroupWritten) => {
  const appendOne = db.transaction((request: AppendRequest, written: EventRow[]): MultiStreamAppendResult => appendInside(statements, request, written));
  const group = db.transaction((requests: readonly AppendRequest[]): GroupWritten => {
    const written: EventRow[] = [];
    const outcomes = requests.map((request): AppendOutcome => {
      const before = written.length;
      try {
        return right(appendOne(request, written));
      } catch (error) {
        // The savepoint is rolled back: none of this append's streams was written.
        written.length = before;
        if (error instanceof Refused) return left(error.wrong);
        // The database refused a revision taken meanwhile.
        if (!isUniqueViolation(error)) throw error;
        return left(firstWrong(statements, request));
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

/** The stream of the request whose revision does not hold now (after a constraint refused one). */
const firstWrong = (statements: EventStatements, request: AppendRequest): WrongExpectedVersion => {
  for (const part of request.streams) {
    const wrong = wrongExpectedVersion(part.streamName, part.expected, streamLength(statements, part.streamName));
    if (wrong) return wrong;
  }
  const { streamName, expected } = request.streams[0];
  return { kind: 'WrongExpectedVersion', streamName, expected, actual: 'no_stream' };
};

/**
 * One append, inside its savepoint: a retry answers as the original did; otherwise each stream's
 * expected revision is checked and its events inserted (their rows added to `written`), and the
 * first stream whose revision does not hold rolls the whole append back.
 */
function appendInside(statements: EventStatements, request: AppendRequest, written: EventRow[]): MultiStreamAppendResult {
  const lengths = request.streams.map((part) => streamLength(statements, part.streamName));
  const original = originalResult(statements, request, lengths);
  if (original) return original;
  let position = -1;
  const streams = request.streams.map((part, s) => {
    const { streamName, events, expected } = part;
    const length = lengths[s];
    const wrong = wrongExpectedVersion(streamName, expected, length);
    if (wrong) throw new Refused(wrong);
    if (events.length === 0) {
      if (length > 0) position = Math.max(position, statements.positionOf.get(streamName, length - 1)?.position ?? -1);
      return { streamName, nextExpectedRevision: BigInt(length - 1) };
    }
    events.forEach((event, i) => {
      const inserted = statements.insert.run(streamName, length + i, event.id, event.type, event.data, event.metadata, request.created);
      position = Number(inserted.lastInsertRowid);
      written.push([position, streamName, length + i, event.id, event.type, event.data, event.metadata, request.created]);
    });
    return { streamName, nextExpectedRevision: BigInt(length + events.length - 1) };
  });
  return { position: positionAt(position), streams };
}

/**
 * When these very events (by id) already sit where this append would have put them, in every
 * stream, the append is a retry of one that was written: its answer is the original's, and nothing
 * is written again.
 */
function originalResult(statements: EventStatements, request: AppendRequest, lengths: readonly number[]): MultiStreamAppendResult | null {
  if (request.streams.every((part) => part.events.length === 0)) return null;
  let position = -1;
  const streams: { streamName: string; nextExpectedRevision: bigint }[] = [];
  for (let s = 0; s < request.streams.length; s++) {
    const { streamName, events, expected } = request.streams[s];
    const start = retryStartRevision(expected, lengths[s], events.length);
    if (events.length === 0 || start < 0 || start + events.length > lengths[s]) return null;
    const stored = statements.idsFrom.all(streamName, start, events.length);
    if (stored.length !== events.length || !stored.every((row, i) => row.event_id === events[i].id)) return null;
    const last = stored[stored.length - 1];
    position = Math.max(position, last.position);
    streams.push({ streamName, nextExpectedRevision: BigInt(last.revision) });
  }
  return { position: positionAt(position), streams };
}
