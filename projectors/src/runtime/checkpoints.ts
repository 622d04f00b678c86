import { Document, Position, positionFromString, positionToString, ReadStore } from '@support/domain';

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
