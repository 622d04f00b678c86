import type Database from 'better-sqlite3';

const RETRY_MS = 20;

/**
 * One try at the cut, without waiting for readers: a TRUNCATE checkpoint calls the connection's busy
 * handler until no reader holds the WAL, and better-sqlite3 waits for it on the event loop's thread,
 * so the connection's busy timeout is set to 0 for the try (a reader of this process would otherwise
 * keep the whole process waiting, itself included).
 */
const tryCut = (db: Database.Database): boolean => {
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    return result?.busy === 0;
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
};

/**
 * Checkpoints a database's WAL and cuts it to nothing, so that no earlier image of a page stays in
 * it (after an erasure: the file itself zeroed what was deleted or replaced). A reader of this or
 * another process holding an old snapshot keeps the WAL from being cut: tried again every 20 ms,
 * the event loop free in between, for up to `timeoutMs`, then `refusal` is thrown.
 */
export const cutWal = async (db: Database.Database, timeoutMs: number, refusal: string): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (tryCut(db)) return;
    if (Date.now() >= deadline) throw new Error(refusal);
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
};
