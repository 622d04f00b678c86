import * as E from 'fp-ts/Either';
import { Decider, DomainEvent } from '../shared/decider';

/** First (and only) event of a msg_id's uniqueness stream: the message that owns the msg_id. */
export type MessageIdReserved = DomainEvent<'MessageIdReserved', { readonly messageId: string; readonly accountId: string; readonly reservedAt: string }>;

export interface MessageIdState {
  /** The message owning the msg_id, or null while nobody reserved it. */
  readonly owner: string | null;
}

export type MessageIdCommand = { readonly type: 'ReserveMessageId'; readonly messageId: string; readonly accountId: string; readonly now: Date };

/**
 * A msg_id names one message per account. Reserving an owned msg_id decides nothing, and the
 * state tells the owner, so a repeated send answers with the first message.
 */
export const messageIdDecider: Decider<MessageIdCommand, MessageIdReserved, MessageIdState, never> = {
  initialState: () => ({ owner: null }),
  evolve: (state, event) => (state.owner === null && event.type === 'MessageIdReserved' ? { owner: event.data.messageId } : state),
  decide: (command, state) =>
    E.right(state.owner !== null ? [] : [{ type: 'MessageIdReserved', data: { messageId: command.messageId, accountId: command.accountId, reservedAt: command.now.toISOString() } }]),
};
