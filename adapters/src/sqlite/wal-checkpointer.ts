import { once } from 'node:events';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the WAL into the database file. */
const WAL_CHECKPOINT_EVERY_MS = 500;

/**
 * WAL pages a writer lets gather before it checkpoints itself (8 KB pages: 400 MB), should the
 * checkpointer's thread fall behind or stop.
 */
const WRITER_CHECKPOINT_BACKSTOP_PAGES = 50_000;

/**
 * What a WAL file is cut back to when its writer starts it over after a checkpoint: SQLite reuses
 * the file and would otherwise keep it, on disk for good, at the largest it ever grew (a rebuild's
 * large batches grow it most).
 */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Keeps a database's WAL short from a thread of its own. A checkpoint copies every page the WAL
 * holds into the database file and syncs both; run by a writer (SQLite's autocheckpoint, at the
 * commit that passes the limit) it holds up that commit, and every command waiting on it, for the
 * copy and the fsyncs. Here it runs beside them. The writer's own limit is raised to
 * WRITER_CHECKPOINT_BACKSTOP_PAGES (`backstop`).
 */
export class WalCheckpointer {
  private constructor(private readonly worker: Worker) {}

  /**
   * The writer checkpoints itself only past the backstop; the thread does it before. When the writer
   * starts the WAL over, the file is cut back to `walSizeLimit` bytes.
   */
  static backstop(writer: { pragma(source: string): unknown }, walSizeLimit: number = WAL_SIZE_LIMIT_BYTES): void {
    writer.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_BACKSTOP_PAGES}`);
    writer.pragma(`journal_size_limit = ${walSizeLimit}`);
  }

  static start(file: string, onFailure: (message: string) => void, everyMs: number = WAL_CHECKPOINT_EVERY_MS): WalCheckpointer {
    const worker = new Worker(path.join(__dirname, 'wal-checkpoint-worker.js'), { workerData: { file, everyMs } });
    worker.on('message', (m: { failed?: string }) => {
      if (m.failed !== undefined) onFailure(m.failed);
    });
    worker.on('error', (e) => onFailure(e.message));
    worker.unref();
    return new WalCheckpointer(worker);
  }

  /**
   * Stops the thread (its connection closed) and answers once it has. While it stops the thread
   * holds the process open (it is unref'd while it runs): a close awaited with nothing else pending
   * must not let the process end before the closes after it.
   */
  async stop(): Promise<void> {
    if (this.worker.threadId === -1) return;
    this.worker.ref();
    const exited = once(this.worker, 'exit');
    this.worker.postMessage('stop');
    await exited;
  }
}
