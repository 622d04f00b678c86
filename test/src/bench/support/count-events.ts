import path from 'node:path';
import { EmbeddedEventStore } from '@support/adapters';

/** Events in the embedded log of a stopped service. */
export const countEvents = async (dataDir: string): Promise<number> => {
  const store = await EmbeddedEventStore.open({ dir: path.join(dataDir, 'events') });
  try {
    const head = await store.headPosition();
    return head === null ? 0 : Number(head.commit) + 1;
  } finally {
    await store.close();
  }
};
