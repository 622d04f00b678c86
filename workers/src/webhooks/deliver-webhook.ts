import * as E from 'fp-ts/Either';
import {
  CommandContext, Job, JobLease, JobOutcome, WEBHOOK_RETRY_PERIOD_MS, WEBHOOK_SUBSCRIPTIONS_COLLECTION, webhookStream, WebhookSubscriptionDocument,
} from '@support/domain';
import { handleWebhookSubscription } from '@support/event-sourcing';
import { deliverMessage, MessageTurn } from './deliver-message';
import { messageDataReader } from './message-data';
import { WebhookDeliveryJob, WebhookMessageRef } from './webhook-jobs';
import { WEBHOOK_WORKER, WebhookWorkerDeps } from './webhook-worker-deps';

/** Streams of one job delivered side by side (the messages of each one after another). */
const STREAMS_AT_ONCE = 16;
/** The job's lease is extended when this long has passed since it was last (a delivery takes up to 10 s). */
const EXTEND_AFTER_MS = 5_000;

/** The messages of a job: a list, or the one message of a job published before jobs held several. */
const messagesOf = (job: WebhookDeliveryJob & { readonly message?: WebhookMessageRef }): readonly WebhookMessageRef[] =>
  job.messages ?? (job.message !== undefined ? [job.message] : []);

/**
 * A delivery job: messages of one subscription, each delivered as deliverMessage says. The messages
 * of one stream go one after another in the job's (the log's) order, and one that is not settled
 * holds back the later ones of its stream; different streams go side by side. The job comes back
 * when the earliest unsettled message is due again, and then skips what is settled. A subscription
 * gone or disabled gets nothing; one that has failed without a single success for a day is
 * disabled (an event too).
 */
export const deliverWebhook = (deps: WebhookWorkerDeps, random: () => number = Math.random) => async (job: Job, lease: JobLease): Promise<JobOutcome> => {
  const payload = job.payload as WebhookDeliveryJob;
  const sub = await deps.readModels.get<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, payload.subscriptionId);
  if (sub === null || !sub.enabled) return { type: 'ack' };
  // Its first delivery: no attempt of its messages can have been recorded yet.
  const context = { jobId: job.id, fresh: job.deliveryCount === 1, random, dataOf: messageDataReader(deps.eventStore, deps.logger) };
  const streams = new Map<string, WebhookMessageRef[]>();
  for (const message of messagesOf(payload)) {
    const stream = streams.get(message.subject);
    if (stream === undefined) streams.set(message.subject, [message]);
    else stream.push(message);
  }
  const chains = [...streams.values()];
  const turns: MessageTurn[] = [];
  let extendedAt = Date.now();
  const work = async () => {
    for (let chain = chains.shift(); chain !== undefined; chain = chains.shift()) {
      for (const message of chain) {
        const turn = await deliverMessage(deps, sub, payload, message, context);
        turns.push(turn);
        if (Date.now() - extendedAt > EXTEND_AFTER_MS) {
          extendedAt = Date.now();
          await lease.extend();
        }
        if (!turn.settled) break;
      }
    }
  };
  // Every stream's turn ends before the job's outcome is decided (a failure of one is thrown after the others are done).
  const ended = await Promise.allSettled(Array.from({ length: Math.min(STREAMS_AT_ONCE, chains.length) }, work));
  const failed = ended.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  if (turns.some((t) => t.failed)) await disableWhenFailingForADay(deps, sub, deps.clock.now(), job.id);
  const waiting = turns.filter((t): t is Extract<MessageTurn, { settled: false }> => !t.settled);
  if (waiting.length === 0) return { type: 'ack' };
  const next = waiting.reduce((a, b) => (b.delayMs < a.delayMs ? b : a));
  return { type: 'retry', delayMs: next.delayMs, reason: next.reason };
};

/** A subscription that failed without a single success for the whole retry period is disabled, as an event. */
const disableWhenFailingForADay = async (deps: WebhookWorkerDeps, sub: WebhookSubscriptionDocument, now: Date, jobId: string): Promise<void> => {
  const since = sub.failingSince;
  if (since === null || now.getTime() - Date.parse(since) < WEBHOOK_RETRY_PERIOD_MS) return;
  const ctx: CommandContext = { accountId: sub.accountId, userId: WEBHOOK_WORKER, requestId: jobId, now };
  const disabled = await handleWebhookSubscription(deps, webhookStream(sub._id), {
    type: 'DisableForFailures', reason: `every delivery attempt failed since ${since}, without a success`, failingSince: since, at: now.toISOString(),
  }, ctx);
  if (E.isRight(disabled) && disabled.right.newEvents.length > 0) deps.logger.warn('webhook subscription disabled: failing for a day', { subscriptionId: sub._id, accountId: sub.accountId, failingSince: since });
};
