import { open, type FileHandle } from 'node:fs/promises';
import type { JournalRecord } from './journal-records';

interface PendingAppend {
  readonly line: string;
  readonly durable: boolean;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The append side of the journal, with group commit: appends queued while a write is under
 * way go out together in the next write, with one fdatasync when any of them must be durable.
 * After a failed write the file may end in a torn line, so every later append is refused.
 */
export class JournalFile {
  private queue: PendingAppend[] = [];
  private flushing: Promise<void> | null = null;
  private failure: unknown = null;
  private closed = false;

  private constructor(private readonly handle: FileHandle) {}

  static async openForAppend(path: string): Promise<JournalFile> {
    return new JournalFile(await open(path, 'a'));
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
        await this.handle.appendFile(batch.map((a) => a.line).join(''), 'utf8');
        if (batch.some((a) => a.durable)) await this.handle.datasync();
        batch.forEach((a) => a.resolve());
      } catch (error) {
        this.failure ??= error;
        batch.forEach((a) => a.reject(error));
      }
    }
    this.flushing = null;
  }
}
