import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
// The one file, not the domain package: this thread needs nothing else of it.
import { thrownMessage } from '@support/domain/dist/shared/thrown-message';

/**
 * The body of WalCheckpointer's thread: on its own connection, copies the WAL's committed pages
 * into the database file every `everyMs` (PASSIVE: it waits for no reader or writer, and copies
 * what no open snapshot still needs). Stops, closing its connection, when told 'stop'.
 */
const { file, everyMs } = workerData as { readonly file: string; readonly everyMs: number };
const db = new Database(file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
// This connection never writes pages of its own: its checkpoints are the ones it runs on purpose.
db.pragma('wal_autocheckpoint = 0');

const checkpoint = (): void => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (e) {
    // A busy database or a full disk: the next turn tries again (the writer's own limit stays as a backstop).
    parentPort?.postMessage({ failed: thrownMessage(e) });
  }
};

const timer = setInterval(checkpoint, everyMs);
parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
