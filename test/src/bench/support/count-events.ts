import path from 'node:path';
import { SqliteEventStore } from '@support/adapters';
import { EVENTS_FILE } from '@support/app';

/** Events in the embedded log of a stopped service. */
export const countEvents = async (dataDir: string): Promise<number> => {
  const store = await SqliteEventStore.open({ file: path.join(dataDir, EVENTS_FILE) });
  try {
    const head = await store.headPosition();
    return head === null ? 0 : Number(head.commit) + 1;
  } finally {
    await store.close();
  }
};
