import * as E from 'fp-ts/Either';
import { Decider } from '../shared/decider';
import { MessageDeliveryPolicy, MessageDeliveryStep, nextMessageDeliveryStep, messageRetryAt } from './delivery-policy';
import {
  FinishedMessageStatus, isFinishedMessage, MessageDeliveryError, evolveMessage, initialMessageState, MessageEvent, MessageQueuedData, MessageReceiptStatus, MessageState, MessageStatusReported,
} from './message-events';

export type MessageCommand =
  | { readonly type: 'QueueMessage'; readonly data: MessageQueuedData }
  | { readonly type: 'StartSendAttempt'; readonly now: Date; readonly policy: MessageDeliveryPolicy }
  | { readonly type: 'RecordSent'; readonly attempt: number; readonly now: Date; readonly platformMessageId: string | null }
  | {
      readonly type: 'RecordSendFailure';
      readonly attempt: number;
      readonly now: Date;
      readonly error: MessageDeliveryError;
      readonly retryable: boolean;
      readonly retryAfterMs?: number;
      readonly policy: MessageDeliveryPolicy;
    }
  | { readonly type: 'FailMessage'; readonly now: Date; readonly error: MessageDeliveryError }
  | { readonly type: 'RecordReceipt'; readonly receipt: MessageReceipt };

/** One status the platform reported of a message it accepted. */
export interface MessageReceipt {
  readonly platformMessageId: string;
  readonly status: MessageReceiptStatus;
  readonly at: Date;
  readonly error: MessageDeliveryError | null;
}

/** How far a sent message has got: a receipt that says no more than what is recorded changes nothing (repeats, late or out of order). */
const RECEIPT_RANK: Readonly<Record<string, number>> = { sent: 0, delivered: 1, read: 2 };

export type MessageRejection =
  | { readonly kind: 'NotQueued' }
  | { readonly kind: 'Finished'; readonly status: FinishedMessageStatus }
  /** StartSendAttempt when the rule says something else (wait, give up, done). */
  | { readonly kind: 'NotNow'; readonly step: MessageDeliveryStep }
  /** A receipt of a message the platform has not accepted (not sent), or under another platform id. */
  | { readonly kind: 'NotSent' };

const finished = (state: MessageState): E.Either<MessageRejection, void> => {
  if (state.status === 'none') return E.left({ kind: 'NotQueued' });
  if (isFinishedMessage(state.status)) return E.left({ kind: 'Finished', status: state.status });
  return E.right(undefined);
};

const decide = (command: MessageCommand, state: MessageState): E.Either<MessageRejection, readonly MessageEvent[]> => {
  switch (command.type) {
    case 'QueueMessage':
      // Queueing is idempotent: a message already queued (a repeated msg_id, a retried request) stays as it is.
      return E.right(state.status === 'none' ? [{ type: 'MessageQueued', data: command.data }] : []);
    case 'StartSendAttempt': {
      const step = nextMessageDeliveryStep(state, command.now, command.policy);
      if (step.kind !== 'attempt') return E.left({ kind: 'NotNow', step });
      return E.right([{
        type: 'MessageSendingStarted',
        data: {
          messageId: state.message!.messageId,
          attempt: step.attempt,
          startedAt: command.now.toISOString(),
          leaseUntil: new Date(command.now.getTime() + command.policy.leaseMs).toISOString(),
          afterUnconfirmedAttempt: step.afterUnconfirmedAttempt,
        },
      }]);
    }
    case 'RecordSent':
      return E.map((): readonly MessageEvent[] => [{
        type: 'MessageSent',
        data: { messageId: state.message!.messageId, attempt: command.attempt, sentAt: command.now.toISOString(), platformMessageId: command.platformMessageId },
      }])(finished(state));
    case 'RecordSendFailure':
      return E.map((): readonly MessageEvent[] => {
        const messageId = state.message!.messageId;
        const failedAt = command.now.toISOString();
        if (command.retryable && command.attempt < command.policy.maxAttempts) {
          const at = messageRetryAt(command.attempt, command.now, command.policy, command.retryAfterMs).toISOString();
          return [{ type: 'MessageSendAttemptFailed', data: { messageId, attempt: command.attempt, failedAt, error: command.error, retryAt: at } }];
        }
        return [{ type: 'MessageFailed', data: { messageId, attempt: command.attempt, failedAt, error: command.error } }];
      })(finished(state));
    case 'FailMessage':
      return E.map((): readonly MessageEvent[] => [{
        type: 'MessageFailed',
        data: { messageId: state.message!.messageId, attempt: state.openAttempt?.attempt ?? null, failedAt: command.now.toISOString(), error: command.error },
      }])(finished(state));
    case 'RecordReceipt':
      return receiptEvents(command.receipt, state);
  }
};

/**
 * A receipt of a sent message: delivered, then read, or failed after all (terminal). Read before
 * any delivered receipt records delivered too, at the same time: a read message was delivered.
 */
const receiptEvents = (receipt: MessageReceipt, state: MessageState): E.Either<MessageRejection, readonly MessageEvent[]> => {
  const rank = RECEIPT_RANK[state.status];
  if (state.status === 'failed' && state.platformMessageId !== null) return E.right([]);
  if (rank === undefined || state.platformMessageId !== receipt.platformMessageId) return E.left({ kind: 'NotSent' });
  const reported = (status: MessageReceiptStatus, error: MessageDeliveryError | null): MessageStatusReported => ({
    type: 'MessageStatusReported',
    data: { messageId: state.message!.messageId, platformMessageId: receipt.platformMessageId, status, at: receipt.at.toISOString(), error },
  });
  if (receipt.status === 'failed') return E.right(rank === 0 ? [reported('failed', receipt.error)] : []);
  if (RECEIPT_RANK[receipt.status] <= rank) return E.right([]);
  return E.right(receipt.status === 'read' && rank === 0 ? [reported('delivered', null), reported('read', null)] : [reported(receipt.status, null)]);
};

/** The life of one outgoing template message: queued, attempts, then sent or failed for good. */
export const messageDecider: Decider<MessageCommand, MessageEvent, MessageState, MessageRejection> = {
  initialState: initialMessageState,
  evolve: evolveMessage,
  decide,
};
