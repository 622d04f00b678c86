import { JobQueue, Position, positionFromString, positionToString, ReadModels } from '@support/domain';
import { readModelOfSubscriber } from './subscriber-names';

/** Where a subscriber resumes after a restart. */
export interface CheckpointStore {
  load(subscriber: string): Promise<Position | null>;
  save(subscriber: string, position: Position): Promise<void>;
}

/** A projection's checkpoint, kept by the read-model engine with the documents it describes (written in the same batch). */
export const readModelCheckpoints = (readModels: ReadModels): CheckpointStore => ({
  load: (subscriber) => readModels.checkpoint(readModelOfSubscriber(subscriber)),
  save: (subscriber, position) => readModels.saveCheckpoint(readModelOfSubscriber(subscriber), position),
});

/** A job dispatcher's checkpoint, kept by the job queue beside the jobs it published (rebuilding the read models leaves it where it was). */
export const jobQueueCheckpoints = (queue: JobQueue): CheckpointStore => ({
  load: async (subscriber) => {
    const position = await queue.publisherPosition(subscriber);
    return position === null ? null : positionFromString(position);
  },
  save: (subscriber, position) => queue.savePublisherPosition(subscriber, positionToString(position)),
});
