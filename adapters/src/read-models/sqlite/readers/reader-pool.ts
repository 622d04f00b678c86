import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ReadBudgetExceeded, ReadOptions } from '@support/domain';
import { FromReader, ReadRequest, ToReader } from './read-request';

/** Reader threads of a read-model file by default: reads run two at a time beside the event loop. */
export const DEFAULT_READER_THREADS = 2;
/** The longest any read may run, whatever its deadline. */
export const READ_BUDGET_MS = 5_000;
/** A read with a deadline is stopped this long before it, so that its request still answers in time. */
const DEADLINE_MARGIN_MS = 250;

interface Pending {
  readonly read: ReadRequest;
  readonly budgetMs: number;
  readonly resolve: (value: unknown) => void;
  readonly reject: (e: Error) => void;
  timer: NodeJS.Timeout | null;
  thread: Thread | null;
}

interface Thread {
  readonly worker: Worker;
  running: (Pending & { readonly id: number }) | null;
}

/** An error a reader thread posted, as the Error it was there (name, message and SQLite's code). */
const failureOf = (f: { readonly name: string; readonly message: string; readonly code?: string }): Error =>
  Object.assign(new Error(f.message), { name: f.name, ...(f.code !== undefined ? { code: f.code } : {}) });

/**
 * Reads of one read-model file on threads of their own, so that no query, however long, holds up
 * the event loop that serves requests (better-sqlite3 runs a query to its end on the thread that
 * called it). Each thread has its own read-only connection (WAL: readers run beside the writer)
 * and runs one read at a time at a lower priority than the event loop; reads wait their turn in
 * arrival order.
 *
 * Every read has a budget (READ_BUDGET_MS, less when its deadline comes sooner). A read past its
 * budget is answered with ReadBudgetExceeded at once, and its thread is stopped and replaced: the
 * query ends with the thread (at its next row, or at its end for one aggregate step), never
 * holding the queue. Threads still ending such a query count against the pool's size, so that
 * broad queries sent again and again cannot take more cores than the pool has threads.
 */
export class ReaderPool {
  private readonly threads = new Set<Thread>();
  private readonly queue: Pending[] = [];
  /** Threads stopped while running a read, not yet exited. */
  private ending = 0;
  private nextId = 1;
  private closed = false;

  constructor(private readonly file: string, private readonly size: number = DEFAULT_READER_THREADS, private readonly now: () => number = Date.now) {}

  /** Runs the read on a reader thread and answers its value; rejects with ReadBudgetExceeded past its budget. */
  run<T>(read: ReadRequest, options: ReadOptions = {}): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The read models are closed'));
    const budgetMs = Math.max(0, Math.min(READ_BUDGET_MS, options.deadline === undefined ? READ_BUDGET_MS : options.deadline - this.now() - DEADLINE_MARGIN_MS));
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = { read, budgetMs, resolve: resolve as (v: unknown) => void, reject, timer: null, thread: null };
      pending.timer = setTimeout(() => this.expire(pending), budgetMs);
      this.queue.push(pending);
      this.dispatch();
    });
  }

  /** Every thread opens its connection again (the planner's statistics changed). */
  reopen(): void {
    for (const t of this.threads) t.worker.postMessage({ reopen: true } satisfies ToReader);
  }

  /** Stops every thread; reads still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) this.settle(p, () => p.reject(new Error('The read models are closed')));
    const exits = [...this.threads].map((t) => new Promise<void>((resolve) => {
      t.worker.once('exit', () => resolve());
      t.worker.postMessage({ stop: true } satisfies ToReader);
    }));
    await Promise.all(exits);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.idleThread();
      if (thread === null) return;
      const pending = this.queue.shift() as Pending;
      const running = Object.assign(pending, { id: this.nextId++ });
      pending.thread = thread;
      thread.running = running;
      thread.worker.ref();
      thread.worker.postMessage({ id: running.id, read: pending.read } satisfies ToReader);
    }
  }

  private idleThread(): Thread | null {
    for (const t of this.threads) if (t.running === null) return t;
    if (this.threads.size + this.ending >= this.size) return null;
    return this.spawn();
  }

  private spawn(): Thread {
    const worker = new Worker(path.join(__dirname, 'reader-worker.js'), { workerData: { file: this.file } });
    const thread: Thread = { worker, running: null };
    worker.unref();
    worker.on('message', (m: FromReader) => this.answered(thread, m));
    worker.on('error', (e) => this.lost(thread, e));
    worker.on('exit', (code) => this.lost(thread, new Error(`A reader thread of ${path.basename(this.file)} stopped (exit code ${code})`)));
    this.threads.add(thread);
    return thread;
  }

  private answered(thread: Thread, m: FromReader): void {
    const p = thread.running;
    if (p === null || p.id !== m.id) return;
    thread.running = null;
    thread.worker.unref();
    this.settle(p, () => ('failure' in m ? p.reject(failureOf(m.failure)) : p.resolve(m.value)));
    this.dispatch();
  }

  /** A thread failed or exited: its read (if any) fails with it, and a new thread takes its place when needed. */
  private lost(thread: Thread, e: Error): void {
    if (!this.threads.delete(thread)) return;
    const p = thread.running;
    thread.running = null;
    if (p !== null) this.settle(p, () => p.reject(e));
    if (!this.closed) this.dispatch();
  }

  private expire(p: Pending): void {
    p.timer = null;
    const thread = p.thread;
    if (thread === null) {
      const at = this.queue.indexOf(p);
      if (at >= 0) this.queue.splice(at, 1);
    } else if (thread.running === p && this.threads.delete(thread)) {
      thread.running = null;
      this.ending++;
      void thread.worker.terminate().finally(() => {
        this.ending--;
        if (!this.closed) this.dispatch();
      });
    }
    p.reject(new ReadBudgetExceeded(p.budgetMs));
  }

  private settle(p: Pending, answer: () => void): void {
    if (p.timer === null) return;
    clearTimeout(p.timer);
    p.timer = null;
    answer();
  }
}
