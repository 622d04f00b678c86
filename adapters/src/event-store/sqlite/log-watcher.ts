import Database from 'better-sqlite3';

/** How often the file is asked whether another connection committed, while someone listens. */
export const DEFAULT_POLL_MS = 25;

/**
 * Knows the newest position of the log and wakes listeners (live subscriptions) when it moves.
 * Appends through this store report their commits at once (`committed`). Appends by other
 * connections (other processes, or another store on the same file) are found by polling
 * `PRAGMA data_version`, which changes when another connection has committed: a cheap check that
 * reads no table; only then is the head read again. The timer runs only while there are listeners.
 */
export class LogWatcher {
  private head: number;
  private dataVersion: number;
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;
  private readonly readHead: () => number;
  private readonly readDataVersion: () => number;

  constructor(db: Database.Database, private readonly pollMs: number) {
    const head = db.prepare<[], { head: number | null }>('SELECT max(position) AS head FROM events');
    const dataVersion = db.prepare<[], { data_version: number }>('PRAGMA data_version');
    this.readHead = () => head.get()?.head ?? -1;
    this.readDataVersion = () => dataVersion.get()?.data_version ?? 0;
    this.dataVersion = this.readDataVersion();
    this.head = this.readHead();
  }

  /** Newest position known (-1 when the log is empty: an imported log starts at position 0): every position up to it is committed. */
  known(): number {
    return this.head;
  }

  /** Newest position in the file now, other connections' commits included. */
  latest(): number {
    this.dataVersion = this.readDataVersion();
    this.moveTo(this.readHead());
    return this.head;
  }

  /** This store committed up to `position`. */
  committed(position: number): void {
    this.moveTo(position);
  }

  /** Returns the function that removes the listener. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    // Not unref'd: a process whose only work is a live subscription stays up, as it would on a server's stream.
    this.timer ??= setInterval(() => this.poll(), this.pollMs);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private poll(): void {
    const version = this.readDataVersion();
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.moveTo(this.readHead());
  }

  private moveTo(position: number): void {
    if (position <= this.head) return;
    this.head = position;
    for (const listener of [...this.listeners]) listener();
  }
}
