import * as E from 'fp-ts/Either';
import { CommandContext, EventStore, MessageCommand, messageDecider, MessageEvent, MessageRejection, MessageState, messageStream } from '@support/domain';
import { handleMessage, readFirstEvent, WriteDeps } from '@support/event-sourcing';

import { DELIVERY_WORKER } from './delivery-deps';

interface LoadedMessage {
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

/**
 * Decide on the latest state of the message stream through the command handler (appended with the
 * revision read, so two workers can never both start the same attempt; a lost race decides again).
 * The worker's events carry the correlation of the request that queued the message and, as cause,
 * its MessageQueued event.
 */
export const applyMessageCommand = async (
  deps: WriteDeps,
  messageId: string,
  command: MessageCommand,
  now: Date,
): Promise<E.Either<MessageRejection | Conflicted, readonly MessageEvent[]>> => {
  const first = await readFirstEvent(deps.eventStore, messageStream(messageId));
  const ctx: CommandContext = {
    accountId: String((first?.data as { accountId?: unknown } | undefined)?.accountId ?? first?.metadata.accountId ?? ''),
    userId: DELIVERY_WORKER,
    requestId: messageId,
    now,
    ...(typeof first?.metadata.correlationId === 'string' ? { correlationId: first.metadata.correlationId } : {}),
    ...(first ? { causationId: first.id } : {}),
  };
  const handled = await handleMessage(deps, messageStream(messageId), command, ctx);
  if (E.isRight(handled)) return E.right(handled.right.newEvents);
  return handled.left.kind === 'ConcurrencyConflict' ? E.left({ kind: 'Conflicted' }) : E.left(handled.left);
};
