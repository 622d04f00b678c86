import { open, stat, type FileHandle } from 'node:fs/promises';
import type { JournalRecord } from './journal-records';
import { rewriteJournal } from './journal-replay';

interface PendingAppend {
  readonly line: string;
  readonly durable: boolean;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * When to compact while running: once the lines appended since the last compaction reach this many
 * bytes and twice the size the journal had after it. A journal that only grows would make every
 * start read every publish and acknowledgement ever made (31 MB after 60,000 tickets).
 */
export interface CompactionPolicy {
  /** Default 16 MB. */
  readonly minBytes?: number;
  /** The state to write: the shortest journal that folds to what the written lines fold to. */
  readonly snapshot: () => readonly JournalRecord[];
}

const DEFAULT_MIN_BYTES = 16 * 1024 * 1024;

/**
 * The append side of the journal, with group commit: appends queued while a write is under
 * way go out together in the next write, with one fdatasync when any of them must be durable.
 * After a failed write the file may end in a torn line, so every later append is refused.
 * Between two writes, when the queue is empty (every record applied to the state is written),
 * the journal may be rewritten compacted (atomically: a sibling, fsynced, renamed over); appends
 * made meanwhile wait and go to the compacted file.
 */
export class JournalFile {
  private queue: PendingAppend[] = [];
  private flushing: Promise<void> | null = null;
  private failure: unknown = null;
  private closed = false;
  private bytesSinceCompaction = 0;
  private compactedBytes = 0;

  private constructor(
    private handle: FileHandle,
    private readonly path: string,
    private readonly compaction: CompactionPolicy | null,
  ) {}

  static async openForAppend(path: string, compaction: CompactionPolicy | null = null): Promise<JournalFile> {
    const handle = await open(path, 'a');
    const file = new JournalFile(handle, path, compaction);
    file.compactedBytes = (await handle.stat()).size;
    return file;
  }

  /** Resolves once the record is written; with `durable`, once it is also on disk. */
  append(record: JournalRecord, durable: boolean): Promise<void> {
    if (this.closed) return Promise.reject(new Error('job queue journal is closed'));
    if (this.failure !== null) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ line: `${JSON.stringify(record)}\n`, durable, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.flushing;
    await this.handle.close();
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        if (this.failure !== null) throw this.failure;
        const text = batch.map((a) => a.line).join('');
        await this.handle.appendFile(text, 'utf8');
        if (batch.some((a) => a.durable)) await this.handle.datasync();
        this.bytesSinceCompaction += Buffer.byteLength(text, 'utf8');
        batch.forEach((a) => a.resolve());
      } catch (error) {
        this.failure ??= error;
        batch.forEach((a) => a.reject(error));
      }
      if (this.queue.length === 0 && this.compactionDue()) await this.compact();
    }
    this.flushing = null;
  }

  private compactionDue(): boolean {
    const policy = this.compaction;
    if (policy === null || this.failure !== null || this.closed) return false;
    return this.bytesSinceCompaction >= Math.max(policy.minBytes ?? DEFAULT_MIN_BYTES, 2 * this.compactedBytes);
  }

  /**
   * Rewrites the journal from the state, taken now: the queue is empty, so the state is exactly what
   * the file holds. Then appends go to the compacted file. If the old journal is still the one in
   * place (the rewrite failed before its rename), appends go on there and compaction is tried again
   * later; if where the journal is cannot be told, appends are refused rather than lost.
   */
  private async compact(): Promise<void> {
    const records = this.compaction!.snapshot();
    this.bytesSinceCompaction = 0;
    await rewriteJournal(this.path, records).catch(() => undefined);
    try {
      const [mine, inPlace] = await Promise.all([this.handle.stat(), stat(this.path)]);
      if (mine.ino === inPlace.ino && mine.dev === inPlace.dev) return;
      const previous = this.handle;
      this.handle = await open(this.path, 'a');
      await previous.close().catch(() => undefined);
      this.compactedBytes = inPlace.size;
    } catch (error) {
      this.failure ??= error;
    }
  }
}
