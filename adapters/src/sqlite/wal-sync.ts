import { open, FileHandle } from 'node:fs/promises';

/**
 * Makes the commits of a WAL-mode database durable without holding up the event loop. The
 * connection commits with synchronous=NORMAL (the commit writes its pages to the WAL file, no
 * fsync; a checkpoint syncs the WAL before it copies it), and `durable()` fdatasyncs the WAL file
 * on libuv's thread pool: once it resolves, every commit made before the call is on disk, as
 * synchronous=FULL would have had it at the commit, but with the event loop free meanwhile.
 * Callers that arrive while a sync runs share the next one (one fsync for all of them).
 */
export class WalSync {
  private handle: Promise<FileHandle> | null = null;
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  /** `datasync` stands in for the file's fdatasync in tests. */
  constructor(private readonly walFile: string, private readonly datasync?: () => Promise<void>) {}

  durable(): Promise<void> {
    if (this.running === null) {
      this.running = this.sync().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // A sync already running may have started before the caller's commit: the next one covers it.
    const after = () => {
      this.next = null;
      return this.durable();
    };
    this.next ??= this.running.then(after, after);
    return this.next;
  }

  private async sync(): Promise<void> {
    if (this.datasync !== undefined) return this.datasync();
    this.handle ??= open(this.walFile, 'r');
    await (await this.handle).datasync();
  }

  /** Waits for the syncs under way, then closes the WAL file's descriptor. */
  async close(): Promise<void> {
    await this.next?.catch(() => undefined);
    await this.running?.catch(() => undefined);
    const handle = this.handle;
    this.handle = null;
    if (handle !== null) await (await handle).close();
  }
}
