import { Filter, IndexSpec, notYetApplied, PositionGuard, ReadStore, RecordedEvent, Update, withPosition } from '@support/domain';
import { SubscriberDefinition } from './subscriber';

/** One write of a projection; documents are addressed by _id so replays can be guarded. */
export type ProjectionWrite =
  | { readonly collection: string; readonly updateOne: { readonly id: string; readonly update: Update; readonly upsert?: boolean } }
  | { readonly collection: string; readonly updateMany: { readonly filter: Filter; readonly update: Update } }
  | { readonly collection: string; readonly deleteOne: { readonly id: string } };

/** A read model: the collections it owns with their indexes, and the writes each event causes. */
export interface ProjectionDefinition {
  readonly name: string;
  readonly streamNamePrefixes: readonly string[];
  readonly indexes: Readonly<Record<string, readonly IndexSpec[]>>;
  /**
   * The indexes (by name) that `project`'s own reads use. During a replay of a long log the other
   * indexes are built once at the end instead of kept up to date per write (see replay-mode.ts).
   */
  readonly replayIndexes?: readonly string[];
  /** May read the store (e.g. to denormalize a customer into a ticket); must not write to it. */
  project(event: RecordedEvent, store: ReadStore): Promise<readonly ProjectionWrite[]>;
}

/** Field holding the position of the last event applied to a document. */
export const APPLIED_POSITION = '_appliedPosition';

/** Fixed-width text of a position so that string order is position order (in MongoDB and mingo alike). */
export const positionKey = (event: RecordedEvent): string =>
  `${event.position.commit.toString().padStart(20, '0')}/${event.position.prepare.toString().padStart(20, '0')}`;

const isDuplicateKey = (e: unknown): boolean => {
  const err = e as { code?: unknown; message?: unknown };
  return err?.code === 11000 || /E11000|duplicate key/i.test(String(err?.message ?? ''));
};

/**
 * Idempotent projection writes. Every document records the position of the last event applied to
 * it, and each write only matches documents that have not seen this event. So a replayed event
 * (after a crash between the documents and the checkpoint) changes nothing: the checkpoint is
 * written AFTER the documents, a crash replays from the older checkpoint, and the guard turns the
 * replay into no-ops. Nothing is skipped (checkpoint never ahead of documents), nothing doubled.
 * An upsert whose document already holds a newer position is not written (in MongoDB it fails with a
 * duplicate _id): already applied.
 */
export const applyProjectionWrites = async (store: ReadStore, event: RecordedEvent, writes: readonly ProjectionWrite[]): Promise<void> => {
  const guard: PositionGuard = { field: APPLIED_POSITION, position: positionKey(event) };
  for (const w of writes) {
    const col = store.collection(w.collection);
    if ('updateOne' in w) {
      try {
        await col.updateOneUnlessApplied(w.updateOne.id, guard, w.updateOne.update, { upsert: w.updateOne.upsert ?? false });
      } catch (e) {
        if (!isDuplicateKey(e)) throw e;
      }
    } else if ('updateMany' in w) {
      await col.updateMany({ $and: [w.updateMany.filter, notYetApplied(guard)] }, withPosition(w.updateMany.update, guard));
    } else {
      await col.deleteMany({ _id: w.deleteOne.id });
    }
  }
};

export const projectionSubscriber = (definition: ProjectionDefinition, store: ReadStore): SubscriberDefinition => ({
  name: `projection:${definition.name}`,
  streamNamePrefixes: definition.streamNamePrefixes,
  handle: async (event) => applyProjectionWrites(store, event, await definition.project(event, store)),
});

export const declareIndexes = async (definition: ProjectionDefinition, store: ReadStore): Promise<void> => {
  for (const [collection, indexes] of Object.entries(definition.indexes)) {
    if (indexes.length > 0) await store.collection(collection).createIndexes(indexes);
  }
};
