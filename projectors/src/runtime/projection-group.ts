import { EventStore, Logger, ReadModels } from '@support/domain';
import { readModelCheckpoints } from './checkpoints';
import { projectionSubscriber, ProjectionDefinition } from './projection';
import { SubscriberRunner } from './subscriber';
import { SubscriberGroup } from './subscriber-group';

/** Events taken into one projection batch at most, live: a batch holds what arrived meanwhile. */
const PROJECTION_BATCH = 1_000;

/**
 * Live, a projection batch waits up to this long from its first event for more: under load the
 * events of many creates go into one transaction (a commit writes a page of every index it
 * touched, however few tickets changed), and a lone command waits at most this long more for its
 * read model.
 */
const PROJECTION_BATCH_WINDOW_MS = 4;

/**
 * Events of one batch while the read models catch up with the log (a start after a long stop, a
 * rebuild): large transactions write each index page a few times instead of once per log read.
 */
const PROJECTION_CATCH_UP_BATCH = 10_000;

interface ProjectionGroup {
  readonly runners: readonly SubscriberRunner[];
  readonly group: SubscriberGroup;
}

/**
 * Every read model of these projections on one subscription to the log (each event read once;
 * they fail together with the read-model engine anyway), each resuming from its own checkpoint.
 */
export const projectionGroup = (definitions: readonly ProjectionDefinition[], eventStore: EventStore, readModels: ReadModels, logger: Logger): ProjectionGroup => {
  const checkpoints = readModelCheckpoints(readModels);
  const runners = definitions.map((d) => new SubscriberRunner(projectionSubscriber(d, readModels, eventStore), eventStore, checkpoints, logger));
  return { runners, group: new SubscriberGroup(eventStore, runners, logger, { maxBatch: PROJECTION_BATCH, catchUpBatch: PROJECTION_CATCH_UP_BATCH, liveWindowMs: PROJECTION_BATCH_WINDOW_MS }) };
};
