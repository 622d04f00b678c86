import { ConsumerHandle } from '@support/domain';
import { deliverWebhook } from './deliver-webhook';
import { replayWebhook } from './replay-webhook';
import { WEBHOOK_DELIVERY_JOB, WEBHOOK_REPLAY_JOB } from './webhook-jobs';
import { WebhookWorkerDeps } from './webhook-worker-deps';

/** Delivery jobs in progress at once in a process (each delivers up to 16 streams side by side, mostly waiting on its receiver). */
const DELIVERY_CONCURRENCY = 16;
/**
 * A delivery job is delivered again on every attempt and on every short wait for an earlier
 * message of its stream; the retry policy (a day of attempts) ends it, not this number.
 */
const DELIVERY_MAX_DELIVER = 100_000;

/** The webhook consumers: deliveries and replays. */
export const startWebhookWorkers = async (deps: WebhookWorkerDeps): Promise<ConsumerHandle> => {
  const handles = [
    await deps.jobQueue.consume(WEBHOOK_DELIVERY_JOB, { consumer: 'webhook-delivery', maxDeliver: DELIVERY_MAX_DELIVER, ackWaitMs: 30_000, concurrency: DELIVERY_CONCURRENCY }, deliverWebhook(deps)),
    await deps.jobQueue.consume(WEBHOOK_REPLAY_JOB, { consumer: 'webhook-replay', maxDeliver: 5, ackWaitMs: 60_000, concurrency: 1 }, replayWebhook(deps)),
  ];
  return { stop: async () => { await Promise.all(handles.map((h) => h.stop())); } };
};
