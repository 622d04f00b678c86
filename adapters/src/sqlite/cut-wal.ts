import type Database from 'better-sqlite3';

const RETRY_MS = 20;

/**
 * Checkpoints a database's WAL and cuts it to nothing, so that no earlier image of a page stays in
 * it (after an erasure: the file itself zeroed what was deleted or replaced). A reader of this or
 * another process holding an old snapshot keeps the WAL from being cut: tried again every 20 ms for
 * up to `timeoutMs`, then `refusal` is thrown.
 */
export const cutWal = async (db: Database.Database, timeoutMs: number, refusal: string): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    if (result?.busy === 0) return;
    if (Date.now() >= deadline) throw new Error(refusal);
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
};
