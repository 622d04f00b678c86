import { mkdir, FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Either, left, right } from 'fp-ts/Either';
import {
  AllSubscription,
  AppendResult,
  Clock,
  EventData,
  EventStore,
  ExpectedRevision,
  Position,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeToAllOptions,
  WrongExpectedVersion,
} from '@support/domain';
import { EmbeddedAllSubscription, LogFeed } from './all-subscription';
import { CommitNotifier } from './commit-notifier';
import { DirLock, lockDir } from '../../files/lock/dir-lock';
import { retryStartRevision, wrongExpectedVersion } from '../expected-revision';
import { GroupCommit } from './group-commit';
import { openLogFile } from './log-file';
import { hashEventId, LogIndex } from './log-index';
import { LogIndexKeeper } from './log-index-keeper';
import { logIndexFile, persistedLogIndex } from './log-index-sidecar';
import { LogReader } from './log-reader';
import { recoverLog } from './log-recovery';
import { encodeFrame } from './record-frame';
import { RecentEvents } from './recent-events';
import { PreparedEvent, prepareEvent, recordedEventOf, storedEventPayload } from './stored-event';
import { streamSlice } from './stream-slice';

export interface EmbeddedEventStoreOptions {
  /** Folder of the log, e.g. `${DATA_DIR}/events`; created when missing. */
  readonly dir: string;
  /** Stamps `created` on appended events. Default: the system clock. */
  readonly clock?: Clock;
  /** Largest append, in bytes on disk; also the largest group commit. Default 8 MiB. */
  readonly maxAppendBytes?: number;
}

/** What recovery found when the log was opened. */
export interface RecoveryReport {
  readonly events: number;
  readonly truncatedBytes: number;
  readonly reason: string | null;
  /** Records whose index came from the persisted index file (the rest were scanned), and why none did when none did. */
  readonly persistedIndex: { readonly records: number; readonly unusedBecause: string | null };
}

const LOG_FILE = 'events.log';
const DEFAULT_MAX_APPEND_BYTES = 8 * 1024 * 1024;
const READ_BATCH_EVENTS = 512;
const READ_BATCH_BYTES = 1024 * 1024;
/** Decoded events kept from the tail of the log (RecentEvents). */
const RECENT_EVENTS = 65_536;
const systemClock: Clock = { now: () => new Date() };

const positionAt = (position: number): Position => ({ commit: BigInt(position), prepare: BigInt(position) });

/**
 * The embedded event log: one append-only file of checksummed JSON records, fsynced (group commit)
 * before an append answers, with an in-memory index of streams and positions rebuilt on open: read
 * from the index persisted beside the log up to where it reaches (when it holds for this log), the
 * rest scanned from the log itself.
 * Global position: commit = prepare = the record's sequence number, from 0.
 */
export class EmbeddedEventStore implements EventStore {
  private readonly reader: LogReader;
  private readonly committer: GroupCommit;
  private readonly commits = new CommitNotifier();
  private readonly subscriptions = new Set<EmbeddedAllSubscription>();
  private readonly feed: LogFeed;
  /** Positions 0 .. durable - 1 are on disk and synced. */
  private durable: number;
  private closed = false;
  private readonly recent = new RecentEvents(RECENT_EVENTS);

  static async open(options: EmbeddedEventStoreOptions): Promise<EmbeddedEventStore> {
    const maxAppendBytes = options.maxAppendBytes ?? DEFAULT_MAX_APPEND_BYTES;
    await mkdir(options.dir, { recursive: true });
    const lock = await lockDir(options.dir);
    try {
      const path = join(options.dir, LOG_FILE);
      const file = await openLogFile(path, options.dir);
      try {
        const persisted = await persistedLogIndex(logIndexFile(path), file, maxAppendBytes);
        const unusedBecause = typeof persisted === 'string' ? persisted : null;
        const from = typeof persisted === 'string' ? undefined : persisted;
        const fromIndex = from?.count ?? 0;
        const recovery = await recoverLog(file, path, { maxPayloadBytes: maxAppendBytes, maxTailBytes: maxAppendBytes }, from);
        const report = {
          events: recovery.index.count, truncatedBytes: recovery.truncatedBytes, reason: recovery.reason,
          persistedIndex: { records: fromIndex, unusedBecause },
        };
        const keeper = new LogIndexKeeper(logIndexFile(path), recovery.index, fromIndex);
        return new EmbeddedEventStore(file, lock, recovery.index, report, options.clock ?? systemClock, maxAppendBytes, keeper);
      } catch (error) {
        await file.close();
        throw error;
      }
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  private constructor(
    private readonly file: FileHandle,
    private readonly lock: DirLock,
    private readonly index: LogIndex,
    readonly recovery: RecoveryReport,
    private readonly clock: Clock,
    private readonly maxAppendBytes: number,
    private readonly indexKeeper: LogIndexKeeper,
  ) {
    this.durable = index.count;
    indexKeeper.durable(this.durable);
    this.reader = new LogReader(file, index, maxAppendBytes, this.recent);
    this.committer = new GroupCommit(file, index.endOffset, maxAppendBytes, {
      durable: (lastPosition) => {
        this.durable = lastPosition + 1;
        this.commits.notify();
        this.indexKeeper.durable(this.durable);
      },
      failed: () => this.commits.notify(),
    });
    this.feed = {
      durableCount: () => this.durable,
      readBatch: async (from, limit, accept) => {
        const end = this.reader.batchEnd(from, limit, READ_BATCH_EVENTS, READ_BATCH_BYTES);
        return { events: await this.reader.readRange(from, end, accept), end };
      },
      commits: this.commits,
    };
  }

  async appendToStream(
    streamName: string,
    events: readonly EventData[],
    options: { readonly expectedRevision: ExpectedRevision },
  ): Promise<Either<WrongExpectedVersion, AppendResult>> {
    this.assertWritable();
    const prepared = events.map(prepareEvent);
    const retryStart = this.retryCandidate(streamName, prepared, options.expectedRevision);
    if (retryStart !== null) {
      const original = await this.originalResult(streamName, prepared, retryStart);
      if (original) return right(original);
    }
    return this.appendNew(streamName, prepared, options.expectedRevision);
  }

  async *readStream(streamName: string, options: ReadStreamOptions = {}): AsyncGenerator<RecordedEvent, void, undefined> {
    this.assertOpen();
    const length = this.index.streamLength(streamName);
    if (length === 0) return;
    await this.untilDurable(this.index.positionOf(streamName, length - 1));
    const slice = streamSlice(length, options);
    for (let done = 0; done < slice.count; done += READ_BATCH_EVENTS) {
      const positions: number[] = [];
      for (let i = done; i < Math.min(slice.count, done + READ_BATCH_EVENTS); i += 1) {
        positions.push(this.index.positionOf(streamName, slice.first + i * slice.step));
      }
      yield* await this.reader.readPositions(positions);
    }
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): AllSubscription {
    this.assertOpen();
    const from = options.fromPosition ?? 'start';
    const first = from === 'start' ? 0 : from === 'end' ? this.durable : Math.max(0, Number(from.commit) + 1);
    const subscription = new EmbeddedAllSubscription(this.feed, first, options.streamNamePrefixes ?? [], (s) =>
      this.subscriptions.delete(s),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<Position | null> {
    this.assertOpen();
    return this.durable > 0 ? positionAt(this.durable - 1) : null;
  }

  /** Lets in-flight appends finish, ends the subscriptions and closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.committer.drain();
    await this.indexKeeper.close(this.durable);
    for (const subscription of [...this.subscriptions]) await subscription.unsubscribe();
    this.commits.notify();
    await this.file.close();
    await this.lock.release();
  }

  /** Reserves revisions and positions synchronously (check and reservation cannot interleave), then waits for the sync. */
  private async appendNew(
    streamName: string,
    prepared: readonly PreparedEvent[],
    expected: ExpectedRevision,
  ): Promise<Either<WrongExpectedVersion, AppendResult>> {
    this.assertWritable();
    const length = this.index.streamLength(streamName);
    const wrong = wrongExpectedVersion(streamName, expected, length);
    if (wrong) return left(wrong);
    if (prepared.length === 0) return right(await this.currentResult(streamName, length));
    const created = this.clock.now();
    const firstPosition = this.index.count;
    const placements = prepared.map((_, i) => ({
      streamName,
      revision: length + i,
      position: firstPosition + i,
      created,
      batchEnd: i === prepared.length - 1,
    }));
    const frames = prepared.map((event, i) => encodeFrame(storedEventPayload(event, placements[i])));
    const bytes = frames.length === 1 ? frames[0] : Buffer.concat(frames);
    if (bytes.length > this.maxAppendBytes) {
      throw new RangeError(`append of ${bytes.length} bytes is over the limit of ${this.maxAppendBytes} bytes`);
    }
    frames.forEach((frame, i) => this.index.add(streamName, prepared[i].id, frame.length));
    prepared.forEach((event, i) => this.recent.put(firstPosition + i, recordedEventOf(event, placements[i])));
    const lastPosition = firstPosition + prepared.length - 1;
    await this.committer.submit(bytes, lastPosition);
    return right({ nextExpectedRevision: BigInt(length + prepared.length - 1), position: positionAt(lastPosition) });
  }

  /** Start revision of an earlier append with these event ids (by id hash), or null when this is no retry. */
  private retryCandidate(streamName: string, prepared: readonly PreparedEvent[], expected: ExpectedRevision): number | null {
    const length = this.index.streamLength(streamName);
    const start = retryStartRevision(expected, length, prepared.length);
    if (prepared.length === 0 || start < 0 || start + prepared.length > length) return null;
    const sameIds = prepared.every(
      (event, i) => this.index.idHashAt(this.index.positionOf(streamName, start + i)) === hashEventId(event.id),
    );
    return sameIds ? start : null;
  }

  /** The result of the earlier append of these events, once it is durable, or null when the ids differ after all. */
  private async originalResult(
    streamName: string,
    prepared: readonly PreparedEvent[],
    start: number,
  ): Promise<AppendResult | null> {
    const positions = prepared.map((_, i) => this.index.positionOf(streamName, start + i));
    await this.untilDurable(positions[positions.length - 1]);
    const stored = await this.reader.readPositions(positions);
    if (!stored.every((event, i) => event.id === prepared[i].id)) return null;
    const last = stored[stored.length - 1];
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  private async currentResult(streamName: string, length: number): Promise<AppendResult> {
    if (length === 0) return { nextExpectedRevision: -1n, position: { commit: -1n, prepare: -1n } };
    const position = this.index.positionOf(streamName, length - 1);
    await this.untilDurable(position);
    return { nextExpectedRevision: BigInt(length - 1), position: positionAt(position) };
  }

  private untilDurable(position: number): Promise<void> {
    return this.commits.until(() => {
      if (this.durable > position) return true;
      if (this.committer.failed) throw this.committer.failed;
      if (this.closed) throw new Error('event store is closed');
      return false;
    });
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('event store is closed');
  }

  private assertWritable(): void {
    this.assertOpen();
    if (this.committer.failed) throw this.committer.failed;
  }
}
