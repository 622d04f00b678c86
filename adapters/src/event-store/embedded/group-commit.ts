import { FileHandle } from 'node:fs/promises';

export interface CommitListener {
  /** Called once per group after its sync, before the group's appends resolve. */
  durable(lastPosition: number): void;
  failed(error: Error): void;
}

interface Submission {
  readonly bytes: Buffer;
  readonly lastPosition: number;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * Writes appends at the end of the log and fdatasyncs before any of them is acknowledged.
 * Appends submitted while a write + sync is in flight wait and then go out together: one write and
 * one fdatasync for the whole group. A group holds at most `maxGroupBytes` (but always at least one
 * append), which bounds how much of the log's tail a crash can leave unsynced.
 * After an I/O error the log's tail is unknown: every pending and later append fails; reopen to recover.
 */
export class GroupCommit {
  private queue: Submission[] = [];
  private flushing: Promise<void> | null = null;
  private failure: Error | null = null;

  constructor(
    private readonly file: FileHandle,
    private fileEnd: number,
    private readonly maxGroupBytes: number,
    private readonly listener: CommitListener,
  ) {}

  get failed(): Error | null {
    return this.failure;
  }

  /** Bytes must be submitted in the order their positions (and file offsets) were reserved. */
  submit(bytes: Buffer, lastPosition: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ bytes, lastPosition, resolve, reject });
      // A microtask later, so appends issued in the same tick join the first group too.
      this.flushing ??= Promise.resolve().then(() => this.flushAll());
    });
  }

  /** Resolves when nothing is queued or in flight. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flushAll(): Promise<void> {
    try {
      while (this.queue.length > 0 && !this.failure) await this.flushGroup(this.takeGroup());
    } finally {
      this.flushing = null;
    }
  }

  private takeGroup(): Submission[] {
    let bytes = this.queue[0].bytes.length;
    let count = 1;
    while (count < this.queue.length && bytes + this.queue[count].bytes.length <= this.maxGroupBytes) {
      bytes += this.queue[count].bytes.length;
      count += 1;
    }
    return this.queue.splice(0, count);
  }

  private async flushGroup(group: Submission[]): Promise<void> {
    const bytes = group.length === 1 ? group[0].bytes : Buffer.concat(group.map((s) => s.bytes));
    try {
      await this.writeFully(bytes);
      await this.file.datasync();
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)), group);
      return;
    }
    this.fileEnd += bytes.length;
    this.listener.durable(group[group.length - 1].lastPosition);
    for (const submission of group) submission.resolve();
  }

  private async writeFully(bytes: Buffer): Promise<void> {
    let written = 0;
    while (written < bytes.length) {
      const { bytesWritten } = await this.file.write(bytes, written, bytes.length - written, this.fileEnd + written);
      if (bytesWritten === 0) throw new Error('event log write made no progress');
      written += bytesWritten;
    }
  }

  private fail(cause: Error, group: Submission[]): void {
    this.failure = new Error(`event log write failed, the log must be reopened: ${cause.message}`, { cause });
    const everyone = [...group, ...this.queue];
    this.queue = [];
    for (const submission of everyone) submission.reject(this.failure);
    this.listener.failed(this.failure);
  }
}
