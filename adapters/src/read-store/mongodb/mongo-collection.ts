import type {
  BulkOperation,
  BulkWriteResult,
  Collection,
  Cursor,
  Document,
  Filter,
  FindOptions,
  IndexSpec,
  Update,
  UpdateResult,
} from '@support/domain';
import type {
  AnyBulkWriteOperation,
  Collection as DriverCollection,
  Document as DriverDocument,
  FindOptions as DriverFindOptions,
  IndexDescription,
  UpdateResult as DriverUpdateResult,
} from 'mongodb';
import { MongoCursor } from './mongo-cursor';
import { withStringUpsertId } from './upsert-id';

/** Driver find options from the port's, leaving out what is not set. */
function findOptionsOf(options: FindOptions | undefined): DriverFindOptions {
  const out: DriverFindOptions = {};
  if (options?.sort !== undefined) out.sort = options.sort;
  if (options?.skip !== undefined) out.skip = options.skip;
  if (options?.limit !== undefined) out.limit = options.limit;
  if (options?.projection !== undefined) out.projection = options.projection;
  return out;
}

const updateResultOf = (result: DriverUpdateResult): UpdateResult => ({
  matchedCount: result.matchedCount,
  modifiedCount: result.modifiedCount,
  upsertedId: result.upsertedId === null || result.upsertedId === undefined ? null : String(result.upsertedId),
});

function indexDescriptionOf(spec: IndexSpec): IndexDescription {
  const description: IndexDescription = { key: { ...spec.key } };
  if (spec.name !== undefined) description.name = spec.name;
  if (spec.unique !== undefined) description.unique = spec.unique;
  return description;
}

/** A MongoDB collection behind the port, mapped one call to one driver call. */
export class MongoCollection<T extends Document = Document> implements Collection<T> {
  constructor(private readonly collection: DriverCollection<DriverDocument>) {}

  get name(): string {
    return this.collection.collectionName;
  }

  find(filter: Filter, options?: FindOptions): Cursor<T> {
    return new MongoCursor(this.collection.find<T>(filter, findOptionsOf(options)));
  }

  async findOne(filter: Filter, options?: FindOptions): Promise<T | null> {
    return this.collection.findOne<T>(filter, findOptionsOf(options));
  }

  async countDocuments(filter: Filter): Promise<number> {
    return this.collection.countDocuments(filter);
  }

  async updateOne(filter: Filter, update: Update, options?: { readonly upsert?: boolean }): Promise<UpdateResult> {
    const upsert = options?.upsert === true;
    const result = await this.collection.updateOne(filter, upsert ? withStringUpsertId(filter, update) : update, { upsert });
    return updateResultOf(result);
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return updateResultOf(await this.collection.updateMany(filter, update));
  }

  async replaceOne(filter: Filter, replacement: T, options?: { readonly upsert?: boolean }): Promise<UpdateResult> {
    return updateResultOf((await this.collection.replaceOne(filter, replacement, { upsert: options?.upsert === true })) as DriverUpdateResult);
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.collection.deleteMany(filter)).deletedCount;
  }

  async bulkWrite(operations: readonly BulkOperation<T>[], options?: { readonly ordered?: boolean }): Promise<BulkWriteResult> {
    if (operations.length === 0) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0, deletedCount: 0 };
    const result = await this.collection.bulkWrite(operations.map(driverOperationOf), { ordered: options?.ordered !== false });
    return {
      matchedCount: result.matchedCount,
      modifiedCount: result.modifiedCount,
      upsertedCount: result.upsertedCount,
      deletedCount: result.deletedCount,
    };
  }

  async createIndexes(indexes: readonly IndexSpec[]): Promise<void> {
    if (indexes.length === 0) return;
    await this.collection.createIndexes(indexes.map(indexDescriptionOf));
  }
}

function driverOperationOf<T extends Document>(operation: BulkOperation<T>): AnyBulkWriteOperation<DriverDocument> {
  if ('updateOne' in operation) {
    const { filter, update } = operation.updateOne;
    const upsert = operation.updateOne.upsert === true;
    return { updateOne: { filter, update: upsert ? withStringUpsertId(filter, update) : update, upsert } };
  }
  if ('replaceOne' in operation) {
    const { filter, replacement } = operation.replaceOne;
    return { replaceOne: { filter, replacement, upsert: operation.replaceOne.upsert === true } };
  }
  return { deleteOne: { filter: operation.deleteOne.filter } };
}
