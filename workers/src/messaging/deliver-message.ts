import * as E from 'fp-ts/Either';
import {
  ChatAppClient, isMessageDeliveryJob, Job, JobOutcome, MessageDeliveryError, MessageDeliveryPolicy, MessageDeliveryStep, MessageEvent,
  nextMessageDeliveryStep,
} from '@support/domain';
import { DeliveryWorkerDeps } from './delivery-deps';
import { applyMessageCommand, loadMessage } from './message-stream';

const ACK: JobOutcome = { type: 'ack' };
/** A lost race with another worker on the same stream: look again shortly. */
const SOON: JobOutcome = { type: 'retry', delayMs: 100, reason: 'message stream changed meanwhile' };
/** Deliveries of a job whose message is not (yet) readable before it is given up. */
const MISSING_TRIES = 5;

const notConfigured = (why: string): MessageDeliveryError => ({ kind: 'configuration', code: '7004', message: `No WhatsApp phone number configured for this account: ${why}` });

/** What a step other than "attempt" means for the job. */
const outcomeOf = (step: MessageDeliveryStep, job: Job): JobOutcome | null => {
  switch (step.kind) {
    case 'done':
      return ACK;
    case 'wait':
      return { type: 'retry', delayMs: step.ms + 5, reason: step.why };
    case 'missing':
      return job.deliveryCount < MISSING_TRIES
        ? { type: 'retry', delayMs: 1_000, reason: 'message not found' }
        : { type: 'fail', reason: 'the message of this job does not exist' };
    default:
      return null;
  }
};

/**
 * One delivery of one queued message, safe to run again at any point:
 * 1. read the message stream; sent or failed: ack (a redelivered job sends nothing);
 * 2. an attempt within its lease or a backoff not over: come back then;
 * 3. record MessageSendingStarted BEFORE calling the platform (appended with the revision read,
 *    so only one worker starts an attempt);
 * 4. call the platform; record MessageSent with its message id, or MessageSendAttemptFailed
 *    (retryable, with the time of the next attempt) or MessageFailed (final), with its code and message.
 * A worker that dies between 3 and 4 leaves an attempt without outcome; once its lease is over the
 * next attempt is made and marked afterUnconfirmedAttempt (at-least-once: docs/api/chat-app.md).
 */
export const deliverMessage = (deps: DeliveryWorkerDeps, client: ChatAppClient, policy: MessageDeliveryPolicy) => async (job: Job): Promise<JobOutcome> => {
  if (!isMessageDeliveryJob(job.payload)) return { type: 'fail', reason: 'job payload is not a message delivery' };
  const { messageId, accountId } = job.payload;
  const log = { messageId, accountId, jobId: job.id, deliveryCount: job.deliveryCount };

  const loaded = await loadMessage(deps.eventStore, messageId);
  const step = nextMessageDeliveryStep(loaded.state, deps.clock.now(), policy);
  const early = outcomeOf(step, job);
  if (early) return early;
  if (step.kind === 'giveUp') {
    const r = await applyMessageCommand(deps, messageId, { type: 'FailMessage', now: deps.clock.now(), error: step.error }, deps.clock.now());
    deps.logger.warn('message delivery given up', { ...log, code: step.error.code });
    return E.isLeft(r) && r.left.kind === 'Conflicted' ? SOON : ACK;
  }

  const chatApp = deps.directory().account(accountId)?.chatApp;
  if (!chatApp?.phoneNumberId || !chatApp.senderPhone) {
    const error = notConfigured(chatApp ? 'the chat app has no phoneNumberId and senderPhone' : 'the account has no chat app');
    const r = await applyMessageCommand(deps, messageId, { type: 'FailMessage', now: deps.clock.now(), error }, deps.clock.now());
    return E.isLeft(r) && r.left.kind === 'Conflicted' ? SOON : ACK;
  }

  const now = deps.clock.now();
  const started = await applyMessageCommand(deps, messageId, { type: 'StartSendAttempt', now, policy }, now);
  if (E.isLeft(started)) {
    if (started.left.kind === 'NotNow') return outcomeOf(started.left.step, job) ?? SOON;
    return started.left.kind === 'Conflicted' ? SOON : ACK;
  }
  const attemptEvent = started.right.find((e): e is Extract<MessageEvent, { type: 'MessageSendingStarted' }> => e.type === 'MessageSendingStarted');
  const attempt = attemptEvent?.data.attempt ?? 1;
  if (attemptEvent?.data.afterUnconfirmedAttempt) deps.logger.warn('resending after an unconfirmed attempt', { ...log, attempt });

  const message = loaded.state.message!;
  const sent = await client.sendTemplate(chatApp, { to: message.to, template: message.template });
  const after = deps.clock.now();
  if (E.isRight(sent)) {
    const r = await applyMessageCommand(deps, messageId, { type: 'RecordSent', attempt, now: after, platformMessageId: sent.right.platformMessageId }, after);
    if (E.isLeft(r)) deps.logger.warn('message sent but its outcome was already recorded', { ...log, attempt, why: r.left.kind });
    deps.logger.info('message sent', { ...log, attempt, calls: sent.right.calls });
    return ACK;
  }
  const f = sent.left;
  const { retryable, retryAfterMs, calls, ...error } = f;
  const recorded = await applyMessageCommand(deps, messageId, { type: 'RecordSendFailure', attempt, now: after, error, retryable, retryAfterMs, policy }, after);
  deps.logger.warn('message send attempt failed', { ...log, attempt, calls, kind: f.kind, code: f.code, httpStatus: f.httpStatus, retryable });
  if (E.isLeft(recorded)) return recorded.left.kind === 'Conflicted' ? SOON : ACK;
  const retry = recorded.right.find((e) => e.type === 'MessageSendAttemptFailed');
  return retry && retry.type === 'MessageSendAttemptFailed'
    ? { type: 'retry', delayMs: Math.max(0, Date.parse(retry.data.retryAt) - after.getTime()) + 5, reason: `attempt ${attempt} failed: ${f.code}` }
    : ACK;
};
