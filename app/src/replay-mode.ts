import { EmbeddedReadStore } from '@support/adapters';
import { EventStore, Logger } from '@support/domain';
import { CheckpointStore, ProjectionDefinition } from '@support/projectors';
import { EventsBehind } from './metrics';

/** A start this many events or more behind the log replays in replay mode. */
export const REPLAY_MODE_MIN_EVENTS = 5_000;

/**
 * Replay mode for the embedded read models: when the projections start far behind the log (no
 * snapshot, or an old one), their indexes are not kept up to date per write while they catch up,
 * except those their own reads use; each of the others is built once, by one sort, when every
 * projection has caught up, and before the service answers. Answers the function that ends replay
 * mode (null when the start is not far behind).
 *
 * Far behind: more events than REPLAY_MODE_MIN_EVENTS and than the documents the store holds.
 * Building an index at the end costs about as much per document as keeping it costs per write, so
 * a restored store a few seconds behind keeps its indexes up to date instead.
 */
export const enterReplayModeIfFarBehind = async (
  store: EmbeddedReadStore,
  eventStore: EventStore,
  checkpoints: CheckpointStore,
  projections: readonly ProjectionDefinition[],
  eventsBehind: EventsBehind,
  logger: Logger,
  minEvents = REPLAY_MODE_MIN_EVENTS,
): Promise<(() => void) | null> => {
  const head = await eventStore.headPosition();
  if (head === null) return null;
  let behind = 0;
  for (const projection of projections) {
    behind = Math.max(behind, await eventsBehind(await checkpoints.load(`projection:${projection.name}`), head));
  }
  if (behind < Math.max(minEvents, store.documentCount)) return null;
  const keep = new Set(projections.flatMap((p) => Object.keys(p.indexes).flatMap((collection) => (p.replayIndexes ?? []).map((name) => `${collection}\u0000${name}`))));
  store.deferIndexes((collection, indexName) => keep.has(`${collection}\u0000${indexName}`));
  logger.info('read models replaying with deferred indexes', { eventsBehind: behind });
  return () => {
    const started = Date.now();
    store.buildDeferredIndexes();
    logger.info('read-model indexes built after the replay', { ms: Date.now() - started });
  };
};
