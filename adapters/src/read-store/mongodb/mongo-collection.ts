import type {
  BulkOperation,
  BulkWriteResult,
  Collection,
  Cursor,
  Document,
  Filter,
  FindOptions,
  IndexSpec,
  PositionGuard,
  Update,
  UpdateResult,
} from '@support/domain';
import { updateOneByGuardFilter } from '@support/domain';
import type {
  AnyBulkWriteOperation,
  Collection as DriverCollection,
  Document as DriverDocument,
  FindOptions as DriverFindOptions,
  IndexDescription,
  UpdateResult as DriverUpdateResult,
} from 'mongodb';
import { gramsFieldOf, gramsOfValue, substringIndexKey, valueAtPath, withGramFields, withGramSearch, withGramUpdates, withoutGrams } from './gram-fields';
import { MongoCursor } from './mongo-cursor';
import type { SubstringFields } from './substring-fields';
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
  const description: IndexDescription = { key: spec.substring === true ? substringIndexKey(spec).key : { ...spec.key } };
  if (spec.name !== undefined) description.name = spec.name;
  if (spec.unique !== undefined) description.unique = spec.unique;
  return description;
}

/**
 * A MongoDB collection behind the port, mapped one call to one driver call; substring-indexed
 * fields get their grams on writes and searches of them are narrowed by grams (see gram-fields).
 */
export class MongoCollection<T extends Document = Document> implements Collection<T> {
  constructor(
    private readonly collection: DriverCollection<DriverDocument>,
    private readonly substrings: SubstringFields,
  ) {}

  private fields(): Promise<string[]> {
    return this.substrings.of(this.collection);
  }

  get name(): string {
    return this.collection.collectionName;
  }

  find(filter: Filter, options?: FindOptions): Cursor<T> {
    return new MongoCursor(async () => {
      const fields = await this.fields();
      return this.collection.find<T>(withGramSearch(filter, fields), findOptionsOf(withoutGrams(options, fields)));
    });
  }

  async findOne(filter: Filter, options?: FindOptions): Promise<T | null> {
    const fields = await this.fields();
    return this.collection.findOne<T>(withGramSearch(filter, fields), findOptionsOf(withoutGrams(options, fields)));
  }

  async countDocuments(filter: Filter): Promise<number> {
    return this.collection.countDocuments(withGramSearch(filter, await this.fields()));
  }

  async updateOne(filter: Filter, update: Update, options?: { readonly upsert?: boolean }): Promise<UpdateResult> {
    const upsert = options?.upsert === true;
    const withGrams = withGramUpdates(update, await this.fields());
    const result = await this.collection.updateOne(filter, upsert ? withStringUpsertId(filter, withGrams) : withGrams, { upsert });
    return updateResultOf(result);
  }

  updateOneUnlessApplied(id: string, guard: PositionGuard, update: Update, options?: { readonly upsert?: boolean }): Promise<boolean> {
    return updateOneByGuardFilter(this, id, guard, update, options);
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return updateResultOf(await this.collection.updateMany(filter, withGramUpdates(update, await this.fields())));
  }

  async replaceOne(filter: Filter, replacement: T, options?: { readonly upsert?: boolean }): Promise<UpdateResult> {
    const doc = withGramFields(replacement, await this.fields());
    return updateResultOf((await this.collection.replaceOne(filter, doc, { upsert: options?.upsert === true })) as DriverUpdateResult);
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.collection.deleteMany(filter)).deletedCount;
  }

  async bulkWrite(operations: readonly BulkOperation<T>[], options?: { readonly ordered?: boolean }): Promise<BulkWriteResult> {
    if (operations.length === 0) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0, deletedCount: 0 };
    const fields = await this.fields();
    const result = await this.collection.bulkWrite(operations.map((o) => driverOperationOf(o, fields)), { ordered: options?.ordered !== false });
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
    const substring = indexes.filter((i) => i.substring === true).map((i) => substringIndexKey(i).field);
    if (substring.length === 0) return;
    this.substrings.changed(this.collection.collectionName);
    for (const field of substring) await this.backfillGrams(field);
  }

  /** Gives the documents written before the field had a substring index their grams. */
  private async backfillGrams(field: string): Promise<void> {
    const grams = gramsFieldOf(field);
    let batch: AnyBulkWriteOperation<DriverDocument>[] = [];
    const flush = async () => {
      if (batch.length > 0) await this.collection.bulkWrite(batch, { ordered: false });
      batch = [];
    };
    for await (const doc of this.collection.find({ [grams]: { $exists: false } }, { projection: { [field]: 1 } })) {
      batch.push({ updateOne: { filter: { _id: doc._id }, update: { $set: { [grams]: gramsOfValue(valueAtPath(doc, field)) } } } });
      if (batch.length === 1000) await flush();
    }
    await flush();
  }
}

function driverOperationOf<T extends Document>(operation: BulkOperation<T>, substringFields: readonly string[]): AnyBulkWriteOperation<DriverDocument> {
  if ('updateOne' in operation) {
    const { filter } = operation.updateOne;
    const update = withGramUpdates(operation.updateOne.update, substringFields);
    const upsert = operation.updateOne.upsert === true;
    return { updateOne: { filter, update: upsert ? withStringUpsertId(filter, update) : update, upsert } };
  }
  if ('replaceOne' in operation) {
    const { filter } = operation.replaceOne;
    const replacement = withGramFields(operation.replaceOne.replacement, substringFields);
    return { replaceOne: { filter, replacement, upsert: operation.replaceOne.upsert === true } };
  }
  return { deleteOne: { filter: operation.deleteOne.filter } };
}
