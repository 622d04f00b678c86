import type Database from 'better-sqlite3';

/** Whether an error of SQLite means another connection holds the lock (worth trying again later). */
export const isBusy = (error: unknown): boolean => {
  const code = String((error as { code?: unknown })?.code ?? '');
  return code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_');
};

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Puts a database in WAL mode. The change needs the file to itself for a moment, and SQLite
 * answers SQLITE_BUSY at once (without its busy handler) while another process reads it, as when
 * several processes open a new file together: tried again every 10 ms for up to `timeoutMs`.
 * A file already in WAL mode answers at once.
 */
export const enterWalMode = (db: Database.Database, timeoutMs = 10_000): void => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error;
      pause(10);
    }
  }
};
