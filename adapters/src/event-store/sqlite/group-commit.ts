import { isBusy } from './database';
import { AppendOutcome, AppendRequest, GroupWritten } from './append-transaction';
import { EventRow } from './event-row';

interface Submission {
  readonly request: AppendRequest;
  readonly events: number;
  readonly bytes: number;
  readonly resolve: (outcome: AppendOutcome) => void;
  readonly reject: (error: Error) => void;
}

/**
 * A group holds appends up to this many events or bytes (but always at least one append): bounds how
 * long one commit, run on the main thread, blocks the event loop.
 */
const MAX_GROUP_EVENTS = 512;
const MAX_GROUP_BYTES = 4 * 1024 * 1024;
/** While another process holds the write lock: wait this long between tries, and give up after the last. */
const BUSY_RETRY_MS = 2;
const BUSY_GIVE_UP_MS = 30_000;

/**
 * Group commit. better-sqlite3 commits synchronously, so nothing arrives "during" a commit: the
 * appends issued since the last one are queued, and one setImmediate later (after the event loop has
 * taken in what it could) they are written in one transaction, with one fsync. Each append is
 * answered after that commit, with its own outcome.
 * When another process holds the write lock, the group is tried again by a timer, not by waiting on
 * the main thread.
 */
export class GroupCommit {
  private queue: Submission[] = [];
  private scheduled: NodeJS.Immediate | NodeJS.Timeout | null = null;
  private busySince: number | null = null;
  private idle: (() => void)[] = [];
  /** Commits whose fsync has not answered yet. */
  private pendingSyncs = 0;

  constructor(
    private readonly commit: (group: readonly AppendRequest[]) => GroupWritten,
    /** Resolves once every commit made so far is on disk (WalSync). */
    private readonly durable: () => Promise<void>,
    /** Called once a commit is durable, before its appends are answered, with the last position it wrote (or null). */
    private readonly committed: (lastPosition: number | null) => void,
    /** Called at once after each commit with the rows it wrote (not yet durable: nothing may be told of them before `committed`). */
    private readonly wrote: (rows: readonly EventRow[]) => void = () => undefined,
  ) {}

  submit(request: AppendRequest): Promise<AppendOutcome> {
    let events = 0;
    let bytes = 0;
    for (const part of request.streams) {
      events += part.events.length;
      for (const e of part.events) bytes += e.data.length + e.metadata.length;
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ request, events, bytes, resolve, reject });
      this.scheduled ??= setImmediate(() => this.flush());
    });
  }

  /** Resolves once every append queued so far is answered; for close(). */
  drain(): Promise<void> {
    if (this.queue.length === 0 && this.pendingSyncs === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private flush(): void {
    this.scheduled = null;
    if (this.queue.length > 0) {
      const done = this.commitGroup();
      if (this.queue.length > 0) {
        this.scheduled = done ? setImmediate(() => this.flush()) : setTimeout(() => this.flush(), BUSY_RETRY_MS);
        return;
      }
    }
    if (this.pendingSyncs === 0) this.idle.splice(0).forEach((resolve) => resolve());
  }

  /** Commits the next group; false when the lock was busy and the group is left queued. */
  private commitGroup(): boolean {
    const group = this.takeGroup();
    let done: GroupWritten;
    try {
      done = this.commit(group.map((s) => s.request));
    } catch (error) {
      const now = Date.now();
      this.busySince ??= now;
      if (isBusy(error) && now - this.busySince < BUSY_GIVE_UP_MS) {
        this.queue.unshift(...group);
        return false;
      }
      this.busySince = null;
      const failure = error instanceof Error ? error : new Error(String(error));
      group.forEach((s) => s.reject(failure));
      return true;
    }
    this.busySince = null;
    const { outcomes, written } = done;
    // Outside the commit's try: a failure of what is told of the rows is not a failure of the commit that wrote them.
    if (written.length > 0) this.wrote(written);
    // Rows are written in log order: the last is the newest position (null when the group wrote nothing).
    const last = written.length > 0 ? written[written.length - 1][0] : null;
    // The next group may commit while this one's fsync runs; each is answered once its own commit is durable.
    this.pendingSyncs += 1;
    this.durable().then(
      () => {
        this.committed(last);
        group.forEach((s, i) => s.resolve(outcomes[i]));
      },
      (error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error));
        group.forEach((s) => s.reject(failure));
      },
    ).finally(() => {
      this.pendingSyncs -= 1;
      if (this.pendingSyncs === 0 && this.queue.length === 0 && this.scheduled === null) this.idle.splice(0).forEach((resolve) => resolve());
    });
    return true;
  }

  private takeGroup(): Submission[] {
    let events = this.queue[0].events;
    let bytes = this.queue[0].bytes;
    let count = 1;
    while (count < this.queue.length) {
      const next = this.queue[count];
      if (events + next.events > MAX_GROUP_EVENTS || bytes + next.bytes > MAX_GROUP_BYTES) break;
      events += next.events;
      bytes += next.bytes;
      count += 1;
    }
    return this.queue.splice(0, count);
  }
}
