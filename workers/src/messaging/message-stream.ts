import * as E from 'fp-ts/Either';
import {
  EVENT_SCHEMA_VERSION, EventData, EventStore, IdGenerator, MessageCommand, messageDecider, MessageEvent, MessageRejection, MessageState, messageStream,
} from '@support/domain';
import { DELIVERY_WORKER } from './delivery-deps';

export interface LoadedMessage {
  readonly state: MessageState;
  readonly revision: bigint | null;
  /** Correlation of the request that queued the message, carried into the worker's events. */
  readonly correlationId?: string;
  readonly queuedEventId?: string;
}

export const loadMessage = async (eventStore: EventStore, messageId: string): Promise<LoadedMessage> => {
  let state = messageDecider.initialState();
  let revision: bigint | null = null;
  let correlationId: string | undefined;
  let queuedEventId: string | undefined;
  for await (const e of eventStore.readStream(messageStream(messageId))) {
    if (revision === null) {
      correlationId = typeof e.metadata.correlationId === 'string' ? e.metadata.correlationId : undefined;
      queuedEventId = e.id;
    }
    state = messageDecider.evolve(state, { type: e.type, data: e.data } as MessageEvent);
    revision = e.revision;
  }
  return { state, revision, correlationId, queuedEventId };
};

export interface Conflicted {
  readonly kind: 'Conflicted';
}

const MAX_TRIES = 5;

/**
 * Decide on the latest state of the message stream and append with the revision read, so two
 * workers can never both start the same attempt; a lost race decides again.
 */
export const applyMessageCommand = async (
  deps: { readonly eventStore: EventStore; readonly newId: IdGenerator },
  messageId: string,
  command: MessageCommand,
  now: Date,
): Promise<E.Either<MessageRejection | Conflicted, readonly MessageEvent[]>> => {
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const loaded = await loadMessage(deps.eventStore, messageId);
    const decided = messageDecider.decide(command, loaded.state);
    if (E.isLeft(decided) || decided.right.length === 0) return decided;
    const events: EventData[] = decided.right.map((e) => ({
      id: deps.newId(),
      type: e.type,
      data: e.data,
      metadata: {
        version: EVENT_SCHEMA_VERSION,
        accountId: loaded.state.message?.accountId,
        userId: DELIVERY_WORKER,
        ...(loaded.correlationId ? { correlationId: loaded.correlationId } : {}),
        ...(loaded.queuedEventId ? { causationId: loaded.queuedEventId } : {}),
        occurredAt: now.toISOString(),
      },
    }));
    const appended = await deps.eventStore.appendToStream(messageStream(messageId), events, { expectedRevision: loaded.revision ?? 'no_stream' });
    if (E.isRight(appended)) return E.right(decided.right);
  }
  return E.left({ kind: 'Conflicted' });
};
