import { Document, JobQueue, Position, positionFromString, positionToString, ReadStore } from '@support/domain';

/** Where a subscriber resumes after a restart. */
export interface CheckpointStore {
  load(subscriber: string): Promise<Position | null>;
  save(subscriber: string, position: Position): Promise<void>;
}

export const CHECKPOINTS_COLLECTION = 'checkpoints';

type CheckpointDocument = Document & { position: string; updatedAt: string };

/** Checkpoints kept beside the read models they describe (same engine, same durability). */
export const readStoreCheckpoints = (store: ReadStore): CheckpointStore => {
  const col = store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
  return {
    load: async (subscriber) => {
      const doc = await col.findOne({ _id: subscriber });
      return doc ? positionFromString(doc.position) : null;
    },
    save: async (subscriber, position) => {
      await col.updateOne(
        { _id: subscriber },
        { $set: { position: positionToString(position), updatedAt: new Date().toISOString() } },
        { upsert: true },
      );
    },
  };
};

/**
 * A job dispatcher's checkpoint, kept by the job queue beside the jobs it published (rebuilding the
 * read models from nothing leaves it where it was). A dispatcher the queue knows nothing of yet
 * resumes from where `before` says (checkpoints kept in the read store by earlier versions), and
 * the queue keeps that from then on.
 */
export const jobQueueCheckpoints = (queue: JobQueue, before: CheckpointStore): CheckpointStore => ({
  load: async (subscriber) => {
    const position = await queue.publisherPosition(subscriber);
    if (position !== null) return positionFromString(position);
    const earlier = await before.load(subscriber);
    if (earlier !== null) await queue.savePublisherPosition(subscriber, positionToString(earlier));
    return earlier;
  },
  save: (subscriber, position) => queue.savePublisherPosition(subscriber, positionToString(position)),
});
