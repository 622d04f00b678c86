import type { DocumentWrite, Position } from '@support/domain';
import type { Db, Document } from 'mongodb';
import { foldWrites } from './folded-writes';
import { guardedWrite } from './document-update';
import { APPLIED_POSITION, withoutInternalFields } from './internal-fields';
import { isDuplicateKey, isNotYetApplied, positionKey } from './position-guard';
import { withSearchGrams } from './search-grams';

/** Fields holding undefined are left out of what is sent (a nested one as JSON leaves it out). */
const WRITE_OPTIONS = { ignoreUndefined: true } as const;

/**
 * Applies the writes of one event, each document once (ProjectionBatch.write): a document the event
 * writes once without a minimum gets one guarded updateOne or deleteOne, applied at once (the
 * batch's next reads see it); a document it writes more than once, or with a minimum, is read, its
 * writes folded into one document (folded-writes) and that written back in one replaceOne (or
 * insertOne, or deleteOne) guarded by the position the document was read with. A minimum is kept
 * there as SQLite keeps it (the given value unless the stored one is of its type and not above it),
 * not by `$min`, under which a stored null or a value of another type would beat the given one. The documents are written concurrently: they are
 * distinct, and a crash part-way is replayed under the guard.
 */
export class EventWriter {
  constructor(private readonly db: Db, private readonly searchFieldOf: (collection: string) => string | null) {}

  async write(event: Position, writes: readonly DocumentWrite[]): Promise<void> {
    const key = positionKey(event);
    const byDocument = new Map<string, DocumentWrite[]>();
    for (const w of writes) {
      this.searchFieldOf(w.collection); // throws for a collection no read model declares, before any write
      const id = `${w.collection}\u0000${w.id}`;
      const group = byDocument.get(id);
      if (group === undefined) byDocument.set(id, [w]);
      else group.push(w);
    }
    const results = await Promise.allSettled([...byDocument.values()].map((group) => (group.length === 1 && group[0].min === undefined ? this.writeOne(group[0], key) : this.writeFolded(group, key))));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }

  private async writeOne(write: DocumentWrite, key: string): Promise<void> {
    const collection = this.db.collection(write.collection);
    const op = guardedWrite(write, key, this.searchFieldOf(write.collection));
    if (op.kind === 'delete') {
      await collection.deleteOne(op.filter);
      return;
    }
    try {
      await collection.updateOne(op.filter, op.update, { upsert: op.upsert, ...WRITE_OPTIONS });
    } catch (e) {
      if (!isDuplicateKey(e)) throw e; // an upsert of a document a later event wrote: already applied
    }
  }

  private async writeFolded(writes: readonly DocumentWrite[], key: string): Promise<void> {
    const { collection: name, id } = writes[0];
    const collection = this.db.collection<Document>(name);
    const current = await collection.findOne({ _id: id as unknown as Document['_id'] });
    if (current !== null && !isNotYetApplied(current, key)) return;
    const next = foldWrites(id, current === null ? null : withoutInternalFields(current), writes);
    const asRead = current === null ? null : { _id: current._id, [APPLIED_POSITION]: current[APPLIED_POSITION] ?? { $exists: false } };
    if (next === null) {
      if (asRead !== null) await collection.deleteOne(asRead);
      return;
    }
    const doc = withSearchGrams({ ...next, [APPLIED_POSITION]: key }, this.searchFieldOf(name));
    if (asRead !== null) {
      await collection.replaceOne(asRead, doc, WRITE_OPTIONS);
      return;
    }
    try {
      await collection.insertOne(doc, WRITE_OPTIONS);
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
    }
  }
}
