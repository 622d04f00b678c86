import { EventStore, JobQueue, Logger } from '@support/domain';
import { DispatcherDefinition } from '@support/event-sourcing';
import { jobQueueCheckpoints } from './checkpoints';
import { dispatcherSubscriber } from './dispatch';
import { SubscriberRunner } from './subscriber';
import { SubscriberGroup } from './subscriber-group';

/**
 * A dispatcher persists its checkpoint when idle at most this often: its checkpoint only spares a
 * restart reading the log again, since the queue dedupes what is published anew.
 */
const DISPATCHER_IDLE_CHECKPOINT_MS = 1_000;

interface DispatcherGroup {
  readonly runners: readonly SubscriberRunner[];
  readonly group: SubscriberGroup;
}

/**
 * Every dispatcher on one subscription to the log, apart from the read models' (a queue outage
 * never holds up a read model): each event is read and decoded once for all of them, which a
 * process pays for on every event. Each dispatcher keeps its own checkpoint, saved with the jobs it
 * published (a rebuild of the read models does not replay them).
 */
export const dispatcherGroup = (definitions: readonly DispatcherDefinition[], eventStore: EventStore, queue: JobQueue, logger: Logger): DispatcherGroup => {
  const checkpoints = jobQueueCheckpoints(queue);
  const runners = definitions.map((d) =>
    new SubscriberRunner(dispatcherSubscriber(d, queue), eventStore, checkpoints, logger, { idleCheckpointMs: DISPATCHER_IDLE_CHECKPOINT_MS }));
  return { runners, group: new SubscriberGroup(eventStore, runners, logger) };
};
