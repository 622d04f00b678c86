import { positionFromString, positionToString, type Position } from '@support/domain';
import type { Collection, Db } from 'mongodb';

/** The collection of the read models' versions, shapes and checkpoints. */
const META_COLLECTION = 'read_models';

/** A read model's entry: the version and shape (JSON text) it was declared with, and its checkpoint as "commit/prepare". */
interface ReadModelEntry {
  _id: string;
  version: number;
  shape: string;
  checkpoint: string | null;
}

/**
 * The `read_models` collection, one document a read model, as the SQLite engine's table of the same
 * name: declare compares the version and shape with those stored, the checkpoint moves with batches.
 * A checkpoint saved before any declare makes an entry of version 0 (a later declare then empties
 * the read model, as on SQLite).
 */
export class ReadModelMeta {
  private readonly entries: Collection<ReadModelEntry>;

  constructor(db: Db) {
    this.entries = db.collection<ReadModelEntry>(META_COLLECTION);
  }

  find(name: string): Promise<ReadModelEntry | null> {
    return this.entries.findOne({ _id: name });
  }

  /** Every entry (the shapes of read models other processes declared, for dropAll). */
  all(): Promise<ReadModelEntry[]> {
    return this.entries.find({}).toArray();
  }

  /** Stores the declared version and shape; `reset` also forgets the checkpoint (the read model was emptied). */
  async declared(name: string, version: number, shape: string, reset: boolean): Promise<void> {
    await this.entries.updateOne(
      { _id: name },
      reset ? { $set: { version, shape, checkpoint: null } } : { $set: { version, shape }, $setOnInsert: { checkpoint: null } },
      { upsert: true },
    );
  }

  async checkpoint(name: string): Promise<Position | null> {
    const entry = await this.entries.findOne({ _id: name }, { projection: { checkpoint: 1 } });
    return entry?.checkpoint ? positionFromString(entry.checkpoint) : null;
  }

  async saveCheckpoint(name: string, position: Position): Promise<void> {
    await this.entries.updateOne(
      { _id: name },
      { $set: { checkpoint: positionToString(position) }, $setOnInsert: { version: 0, shape: '{}' } },
      { upsert: true },
    );
  }

  async clearCheckpoints(): Promise<void> {
    await this.entries.updateMany({}, { $set: { checkpoint: null } });
  }
}
