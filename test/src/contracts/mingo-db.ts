import { Query } from 'mingo';
import { update } from 'mingo/updater';
import type { Db } from 'mongodb';

/**
 * A stand-in for the driver's Db over arrays of documents, with MongoDB's filter and update
 * semantics from mingo, for the calls the tree store makes (findOne, find with sort and limit,
 * bulkWrite of replaceOne upserts, updateOne with $set or $setOnInsert and upsert, an `_id` unique
 * as on a server). Every store over one MingoDb sees the same documents, as processes over one
 * database do; each call answers a turn later, as a server does. Binary comes back as Uint8Array.
 */
type Doc = Record<string, unknown>;

const DUPLICATE_KEY = 11000;
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
/** What a server keeps of a document: a copy (a Buffer kept as plain bytes). */
const stored = (doc: Doc): Doc => structuredClone(doc);

class MingoCollection {
  private readonly docs: Doc[] = [];

  private matching(filter: Doc): Doc[] {
    return new Query(filter, {}).find<Doc>(this.docs).all();
  }

  private upsertInto(filter: Doc, doc: Doc): void {
    if (this.docs.some((d) => d._id === filter._id)) throw Object.assign(new Error('E11000 duplicate key error'), { code: DUPLICATE_KEY });
    this.docs.push(stored({ ...doc, _id: filter._id }));
  }

  async findOne(filter: Doc, options: { projection?: Record<string, 0 | 1> } = {}): Promise<Doc | null> {
    await turn();
    const found = new Query(filter, {}).find<Doc>(this.docs, options.projection).all()[0];
    return found === undefined ? null : stored(found);
  }

  find(filter: Doc, options: { sort?: Record<string, 1 | -1>; limit?: number } = {}) {
    const cursor = new Query(filter, {}).find<Doc>(this.docs);
    const sorted = options.sort === undefined ? cursor : cursor.sort(options.sort);
    const found = (options.limit === undefined ? sorted : sorted.limit(options.limit)).all().map(stored);
    return {
      toArray: async () => {
        await turn();
        return found;
      },
      async *[Symbol.asyncIterator]() {
        await turn();
        yield* found;
      },
    };
  }

  async bulkWrite(operations: { replaceOne: { filter: Doc; replacement: Doc; upsert?: boolean } }[]): Promise<void> {
    await turn();
    for (const { replaceOne: { filter, replacement, upsert } } of operations) {
      const found = this.matching(filter)[0];
      if (found !== undefined) this.docs[this.docs.indexOf(found)] = stored({ ...replacement, _id: found._id });
      else if (upsert === true) this.upsertInto(filter, replacement);
    }
  }

  async updateOne(filter: Doc, modifier: { $set?: Doc; $setOnInsert?: Doc }, options: { upsert?: boolean } = {}) {
    await turn();
    const found = this.matching(filter)[0];
    if (found !== undefined) {
      if (modifier.$set !== undefined) update(found, { $set: stored(modifier.$set) });
      return { matchedCount: 1, upsertedCount: 0 };
    }
    if (options.upsert !== true) return { matchedCount: 0, upsertedCount: 0 };
    const equalities = Object.fromEntries(Object.entries(filter).filter(([, v]) => v === null || typeof v !== 'object'));
    this.upsertInto(filter, { ...equalities, ...modifier.$setOnInsert, ...modifier.$set });
    return { matchedCount: 0, upsertedCount: 1 };
  }
}

export class MingoDb {
  readonly databaseName = 'mingo';
  private readonly collections = new Map<string, MingoCollection>();

  collection(name: string): MingoCollection {
    let c = this.collections.get(name);
    if (c === undefined) this.collections.set(name, (c = new MingoCollection()));
    return c;
  }

  /** As the driver's Db, for the stores that take one. */
  get db(): Db {
    return this as unknown as Db;
  }
}
