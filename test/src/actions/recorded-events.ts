import { EventStore, RecordedEvent } from '@support/domain';

/** Every stored event of streams whose names start with prefix (reads the log up to its head). */
export const eventsWithPrefix = async (eventStore: EventStore, prefix: string): Promise<RecordedEvent[]> => {
  const head = await eventStore.headPosition();
  if (head === null) return [];
  const out: RecordedEvent[] = [];
  const sub = eventStore.subscribeToAll({ fromPosition: 'start' });
  try {
    for await (const e of sub) {
      if (e.streamName.startsWith(prefix)) out.push(e);
      if (e.position.commit >= head.commit) break;
    }
  } finally {
    await sub.unsubscribe();
  }
  return out;
};
