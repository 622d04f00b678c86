import { join } from 'node:path';
import { SqliteEventStore } from '@support/adapters';
import { makeTempDir } from './embedded-engine';

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
