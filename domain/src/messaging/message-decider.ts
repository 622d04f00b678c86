import * as E from 'fp-ts/Either';
import { Decider } from '../shared/decider';
import { MessageDeliveryPolicy, MessageDeliveryStep, nextMessageDeliveryStep, messageRetryAt } from './delivery-policy';
import { MessageDeliveryError, evolveMessage, initialMessageState, MessageEvent, MessageQueuedData, MessageState } from './message-events';

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
  | { readonly type: 'FailMessage'; readonly now: Date; readonly error: MessageDeliveryError };

export type MessageRejection =
  | { readonly kind: 'NotQueued' }
  | { readonly kind: 'Finished'; readonly status: 'sent' | 'failed' }
  /** StartSendAttempt when the rule says something else (wait, give up, done). */
  | { readonly kind: 'NotNow'; readonly step: MessageDeliveryStep };

const finished = (state: MessageState): E.Either<MessageRejection, void> => {
  if (state.status === 'none') return E.left({ kind: 'NotQueued' });
  if (state.status === 'sent' || state.status === 'failed') return E.left({ kind: 'Finished', status: state.status });
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
  }
};

/** The life of one outgoing template message: queued, attempts, then sent or failed for good. */
export const messageDecider: Decider<MessageCommand, MessageEvent, MessageState, MessageRejection> = {
  initialState: initialMessageState,
  evolve: evolveMessage,
  decide,
};
