import { EventStore, RecordedEvent } from '@support/domain';

/** The first event of a stream (uniqueness streams: the owner), or null. */
export const readFirstEvent = async (eventStore: EventStore, streamName: string): Promise<RecordedEvent | null> => {
  for await (const e of eventStore.readStream(streamName, { direction: 'forwards', fromRevision: 'start', maxCount: 1 })) return e;
  return null;
};

/** The last event of a stream, or null. */
export const readLastEvent = async (eventStore: EventStore, streamName: string): Promise<RecordedEvent | null> => {
  for await (const e of eventStore.readStream(streamName, { direction: 'backwards', fromRevision: 'end', maxCount: 1 })) return e;
  return null;
};
