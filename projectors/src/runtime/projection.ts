import {
  AccountDirectory, DocumentWrite, EventStore, PARKED_EVENTS_STREAM_PREFIX, ParkedEventRetryRequested, parkedEventsStream, Position, ProjectionReads, ReadModels, ReadModelShape, RecordedEvent,
} from '@support/domain';
import { parkedEventOf, parkedEventsLog } from '../parking/parked-events';
import { SubscriberDefinition } from './subscriber';
import { projectionSubscriberName } from './subscriber-names';

export { projectionSubscriberName, readModelOfSubscriber } from './subscriber-names';

/**
 * A read model: the collections it owns (with what its queries need of them, see CollectionShape)
 * and the document writes each event causes. `project` may read the read model (e.g. to
 * denormalize a customer into a ticket); it sees the writes of earlier events of its batch.
 */
export interface ProjectionDefinition extends ReadModelShape {
  readonly streamNamePrefixes: readonly string[];
  project(event: RecordedEvent, reads: ProjectionReads): Promise<readonly DocumentWrite[]>;
  /** A projection that counts on the accounts' configuration (a clock): the one to run, given it. */
  bind?(context: ProjectionContext): ProjectionDefinition;
}

/** What the composition root gives a projection that asks for it (bind). */
export interface ProjectionContext {
  readonly directory: () => AccountDirectory;
}

/** The projections as they run: each bound to the context when it asks to be. */
export const boundProjections = (definitions: readonly ProjectionDefinition[], context: ProjectionContext): ProjectionDefinition[] =>
  definitions.map((d) => d.bind?.(context) ?? d);

/**
 * A projection as a subscriber: each batch of its events is applied in one engine batch with the
 * position it reaches, so the documents and the checkpoint move together (ReadModels.applyBatch).
 * An event it cannot apply is parked on the read model's parked-events stream (SubscriberRunner
 * decides when); a retry asked for there is applied in the batch that reads the request, under the
 * request's position (so a guarded engine takes its writes), and recorded as applied once the
 * batch is stored. A retry that fails again is parked again. Without the event store (a projection
 * applied by hand, as tests and benchmarks do) nothing is parked, and every event is projected.
 */
export const projectionSubscriber = (definition: ProjectionDefinition, readModels: ReadModels, eventStore?: EventStore): SubscriberDefinition => {
  const parkedStream = parkedEventsStream(definition.name);
  const parked = eventStore === undefined ? null : parkedEventsLog(eventStore, definition.name);
  const apply = async (events: readonly RecordedEvent[], upTo: Position): Promise<void> => {
    const retried: ParkedEventRetryRequested['data'][] = [];
    await readModels.applyBatch(definition.name, upTo, async (batch) => {
      retried.length = 0;
      for (const event of events) {
        if (eventStore === undefined || !event.streamName.startsWith(PARKED_EVENTS_STREAM_PREFIX)) {
          await batch.write(event.position, await definition.project(event, batch));
        } else if (event.streamName === parkedStream && event.type === 'ParkedEventRetryRequested') {
          const original = await parkedEventOf(eventStore, event);
          if (original !== null) {
            await batch.write(event.position, await definition.project(original, batch));
            retried.push(event.data as ParkedEventRetryRequested['data']);
          }
        }
      }
    });
    for (const retry of retried) await parked!.applied(retry);
  };
  return {
    name: projectionSubscriberName(definition.name),
    streamNamePrefixes: parked === null ? definition.streamNamePrefixes : [...definition.streamNamePrefixes, parkedStream],
    handle: (event) => apply([event], event.position),
    handleBatchUpTo: apply,
    ...(parked === null ? {} : { park: parked.park }),
  };
};

/** The shape of every read model of these projections, as the engine declares them. */
export const readModelShapes = (definitions: readonly ProjectionDefinition[]): ReadModelShape[] =>
  definitions.map(({ name, version, collections }) => ({ name, version, collections }));
