import { DocumentWrite, Position, ProjectionReads, ReadModels, ReadModelShape, RecordedEvent } from '@support/domain';
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
}

/**
 * A projection as a subscriber: each batch of its events is applied in one engine batch with the
 * position it reaches, so the documents and the checkpoint move together (ReadModels.applyBatch).
 */
export const projectionSubscriber = (definition: ProjectionDefinition, readModels: ReadModels): SubscriberDefinition => ({
  name: projectionSubscriberName(definition.name),
  streamNamePrefixes: definition.streamNamePrefixes,
  handle: (event) => applyEvents(definition, readModels, [event], event.position),
  handleBatchUpTo: (events, upTo) => applyEvents(definition, readModels, events, upTo),
});

const applyEvents = (definition: ProjectionDefinition, readModels: ReadModels, events: readonly RecordedEvent[], upTo: Position): Promise<void> =>
  readModels.applyBatch(definition.name, upTo, async (batch) => {
    for (const event of events) await batch.write(event.position, await definition.project(event, batch));
  });

/** The shape of every read model of these projections, as the engine declares them. */
export const readModelShapes = (definitions: readonly ProjectionDefinition[]): ReadModelShape[] =>
  definitions.map(({ name, version, collections }) => ({ name, version, collections }));
