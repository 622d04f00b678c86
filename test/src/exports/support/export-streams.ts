import { EventStore, exportJobStream } from '@support/domain';

/** The event types of an export job's stream, in order. */
export const exportEventTypes = async (eventStore: EventStore, jobId: string): Promise<string[]> => {
  const types: string[] = [];
  for await (const e of eventStore.readStream(exportJobStream(jobId))) types.push(e.type);
  return types;
};
