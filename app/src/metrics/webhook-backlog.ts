import { Clock, ReadModels, WEBHOOK_ATTEMPTS_COLLECTION, WEBHOOK_SUBSCRIPTIONS_COLLECTION, WebhookSubscriptionDocument } from '@support/domain';
import { ServiceMetrics } from './service-metrics';

/**
 * support_webhook_retry_backlog{subscription}: per enabled subscription, the deliveries waiting for
 * a retry (their last attempt failed and the next is due later), counted at scrape time in the
 * delivery log. Deliveries not yet tried once are in support_job_queue_depth{kind="webhook-delivery"}.
 */
export const registerWebhookBacklog = (metrics: ServiceMetrics, readModels: ReadModels, clock: Clock): void => {
  metrics.gauge('support_webhook_retry_backlog', 'Webhook deliveries waiting for their next attempt, by subscription id.', ['subscription'], async () => {
    const subs = await readModels.find<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, { where: { enabled: true } });
    const now = clock.now().toISOString();
    return Promise.all(subs.map(async (sub) => ({
      labels: { subscription: sub._id }, value: await readModels.count(WEBHOOK_ATTEMPTS_COLLECTION, { subscriptionId: sub._id, retryAt: { gt: now } }),
    })));
  });
};
