import Database from 'better-sqlite3';
import { Either, isLeft, right } from 'fp-ts/Either';
import {
  AllSubscription,
  AppendResult,
  Clock,
  EventData,
  EventStore,
  ExpectedRevision,
  MultiStreamAppendResult,
  Position,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeToAllOptions,
  WrongExpectedVersion,
} from '@support/domain';
import { SqliteAllSubscription } from './all-subscription';
import { assertDistinctStreams } from '../distinct-streams';
import { groupTransaction } from './append-transaction';
import { canonicalFrom, openEventDatabase } from './database';
import { canonicalTextEventOf, EventRow, positionAt, prepareEvent, recordedEventOf } from './event-row';
import { GroupCommit } from './group-commit';
import { WalCheckpointer, WalSync } from '../../sqlite';
import { DEFAULT_POLL_MS, LogWatcher } from './log-watcher';
import { EventStatements } from './statements';

interface SqliteEventStoreOptions {
  /** The database file, e.g. `${DATA_DIR}/events.sqlite`; its folder is created when missing. Several processes may open it. */
  readonly file: string;
  /** Stamps `created` on appended events. Default: the system clock. */
  readonly clock?: Clock;
  /** How often live subscriptions look for other connections' commits. Default 25 ms. */
  readonly pollMs?: number;
  /** Told when a background checkpoint of the WAL fails (it is tried again; the writer checkpoints itself past a limit). */
  readonly onCheckpointFailure?: (message: string) => void;
}

/** Events read from a stream per query. */
const READ_BATCH = 512;
const systemClock: Clock = { now: () => new Date() };

/**
 * The event log in SQLite: one append-only table (see database.ts), appends group-committed and
 * answered once the WAL holding them is fsynced (WalSync, off the event loop; the WAL is
 * checkpointed by a thread of its own), expected revisions checked inside the write transaction (and the
 * UNIQUE constraint behind it), so that several processes can share the file.
 * Global position: commit = prepare = the row's rowid, numbering the events from 0 (as the log of
 * earlier versions did, whose positions an import keeps), so -1 stands for "before the first" and
 * head - position is the number of events after a position.
 */
export class SqliteEventStore implements EventStore {
  private readonly statements: EventStatements;
  private readonly committer: GroupCommit;
  private readonly watcher: LogWatcher;
  private readonly subscriptions = new Set<SqliteAllSubscription>();
  /** The events of a subscription asked for canonical text (log_format.canonical_from: the rows before it have none). */
  private readonly canonicalTextEvent: (row: EventRow) => RecordedEvent;
  private closed = false;

  static open(options: SqliteEventStoreOptions): SqliteEventStore {
    const db = openEventDatabase(options.file);
    WalCheckpointer.backstop(db);
    const checkpointer = WalCheckpointer.start(options.file, options.onCheckpointFailure ?? (() => undefined));
    return new SqliteEventStore(db, new WalSync(`${options.file}-wal`), checkpointer, options.clock ?? systemClock, options.pollMs ?? DEFAULT_POLL_MS);
  }

  private constructor(
    private readonly db: Database.Database,
    private readonly walSync: WalSync,
    private readonly checkpointer: WalCheckpointer,
    private readonly clock: Clock,
    pollMs: number,
  ) {
    this.statements = new EventStatements(db);
    this.canonicalTextEvent = canonicalTextEventOf(canonicalFrom(db));
    this.watcher = new LogWatcher(db, pollMs);
    this.committer = new GroupCommit(groupTransaction(db, this.statements), () => this.walSync.durable(), (last) => {
      if (last !== null) this.watcher.committed(last);
    }, (rows) => {
      for (const subscription of this.subscriptions) subscription.appended(rows);
    });
  }

  async appendToStream(
    streamName: string,
    events: readonly EventData[],
    options: { readonly expectedRevision: ExpectedRevision },
  ): Promise<Either<WrongExpectedVersion, AppendResult>> {
    this.assertOpen();
    const prepared = events.map(prepareEvent);
    const outcome = await this.committer.submit({ streams: [{ streamName, events: prepared, expected: options.expectedRevision }], created: this.clock.now().getTime() });
    return isLeft(outcome) ? outcome : right({ nextExpectedRevision: outcome.right.streams[0].nextExpectedRevision, position: outcome.right.position });
  }

  async appendToStreams(appends: readonly StreamAppend[]): Promise<Either<WrongExpectedVersion, MultiStreamAppendResult>> {
    this.assertOpen();
    assertDistinctStreams(appends);
    const streams = appends.map((a) => ({ streamName: a.streamName, events: a.events.map(prepareEvent), expected: a.expectedRevision }));
    return this.committer.submit({ streams, created: this.clock.now().getTime() });
  }

  async *readStream(streamName: string, options: ReadStreamOptions = {}): AsyncGenerator<RecordedEvent, void, undefined> {
    this.assertOpen();
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? 'end' : 'start');
    if (from === 'end' && !backwards) return; // forwards from the end: nothing is after it
    let next = from === 'start' ? 0 : from === 'end' ? Number.MAX_SAFE_INTEGER : Number(from);
    if (!backwards) next = Math.max(0, next);
    let left = options.maxCount === undefined ? Infinity : Math.max(0, Math.floor(options.maxCount));
    while (left > 0 && next >= 0) {
      const limit = Math.min(left, READ_BATCH);
      const rows = (backwards ? this.statements.backwards : this.statements.forwards).all(streamName, next, limit);
      for (const row of rows) yield recordedEventOf(row);
      if (rows.length < limit) return;
      left -= rows.length;
      next = rows[rows.length - 1][2] + (backwards ? -1 : 1);
    }
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): AllSubscription {
    this.assertOpen();
    const from = options.fromPosition ?? 'start';
    const after = from === 'start' ? -1 : from === 'end' ? this.watcher.latest() : Math.max(-1, Number(from.commit));
    const eventOf = options.canonicalText ? this.canonicalTextEvent : recordedEventOf;
    const feed = { watcher: this.watcher, readRange: this.statements.allRange.bind(this.statements), eventOf };
    const subscription = new SqliteAllSubscription(feed, after, options.streamNamePrefixes ?? [], (s) => this.subscriptions.delete(s), options.onArrival);
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<Position | null> {
    this.assertOpen();
    const head = this.watcher.latest();
    return head >= 0 ? positionAt(head) : null;
  }

  /** Answers the appends in flight, ends the subscriptions, stops polling and closes the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.committer.drain();
    for (const subscription of [...this.subscriptions]) await subscription.unsubscribe();
    this.watcher.stop();
    await this.walSync.close();
    await this.checkpointer.stop();
    this.db.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('event store is closed');
  }
}
