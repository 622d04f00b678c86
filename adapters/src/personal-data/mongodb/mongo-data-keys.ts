import { Binary, Collection, MongoClient } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { DataKey, PersonalDataKeys } from '@support/domain';
import { KeyPool } from '../key-pool';

interface KeyDocument {
  readonly _id: string;
  readonly key: Binary;
}

const COLLECTION = 'personal_data_keys';
const BATCH = 1024;

/**
 * The keys that seal personal data in MongoDB (the distributed topology), shared by every process.
 * A batch of new keys is written with majority and journal acknowledgement before any is used;
 * ids are random (128 bits), never reused. An erased key is deleted: MongoDB (WiredTiger) frees its
 * space and compaction overwrites it; its journal and the oplog keep a copy until they roll over
 * (`docs/operations.md`, Erasure).
 */
export class MongoDataKeys implements PersonalDataKeys {
  private readonly pool: KeyPool;

  private constructor(private readonly keys: Collection<KeyDocument>) {
    this.pool = new KeyPool(async (made) => {
      const docs = made.map((key) => ({ _id: randomBytes(16).toString('base64url'), key: new Binary(key) }));
      await this.keys.insertMany(docs, { ordered: false, writeConcern: { w: 'majority', journal: true } });
      return docs.map((d) => d._id);
    }, BATCH);
  }

  static open(client: MongoClient, databaseName: string): MongoDataKeys {
    return new MongoDataKeys(client.db(databaseName).collection<KeyDocument>(COLLECTION));
  }

  take(): Promise<DataKey> {
    return this.pool.take();
  }

  async find(ids: readonly string[]): Promise<ReadonlyMap<string, Buffer>> {
    const found = new Map<string, Buffer>();
    if (ids.length === 0) return found;
    for await (const doc of this.keys.find({ _id: { $in: [...ids] } })) found.set(doc._id, Buffer.from(doc.key.buffer));
    return found;
  }

  async erase(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.keys.deleteMany({ _id: { $in: [...ids] } }, { writeConcern: { w: 'majority', journal: true } });
    return result.deletedCount;
  }

  async close(): Promise<void> {
    // The client belongs to the read models, which close it.
  }
}
