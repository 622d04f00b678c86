import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@support/adapters';

export async function makeTempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'event-store-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A fresh SQLite event store (`<temp>/events.sqlite`), removed again by `cleanup`. */
export async function makeSqliteEngine(): Promise<{ engine: SqliteEventStore; cleanup(): Promise<void> }> {
  const temp = await makeTempDir();
  const engine = SqliteEventStore.open({ file: join(temp.dir, 'events.sqlite') });
  return {
    engine,
    cleanup: async () => {
      await engine.close();
      await temp.remove();
    },
  };
}
