import { Clock, ReadModels, WEBHOOK_ATTEMPTS_COLLECTION, WEBHOOK_SUBSCRIPTIONS_COLLECTION, WebhookSubscriptionDocument } from '@support/domain';
import { ServiceMetrics } from './service-metrics';

/**
 * support_webhook_retry_backlog{account}: per account, the deliveries of its enabled subscriptions
 * waiting for a retry (their last attempt failed and the next is due later), counted at scrape time
 * in the delivery log. By account, not subscription: a subscription's id is the account's own
 * business, and /metrics is read by whoever runs the monitoring. Deliveries not yet tried once are in
 * support_job_queue_depth{kind="webhook-delivery"}.
 */
export const registerWebhookBacklog = (metrics: ServiceMetrics, readModels: ReadModels, clock: Clock): void => {
  metrics.gauge('support_webhook_retry_backlog', 'Webhook deliveries waiting for their next attempt, by account.', ['account'], async () => {
    const subs = await readModels.find<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, { where: { enabled: true } });
    const now = clock.now().toISOString();
    const counts = await Promise.all(subs.map(async (sub) => ({
      account: sub.accountId, waiting: await readModels.count(WEBHOOK_ATTEMPTS_COLLECTION, { subscriptionId: sub._id, retryAt: { gt: now } }),
    })));
    const byAccount = new Map<string, number>();
    for (const { account, waiting } of counts) byAccount.set(account, (byAccount.get(account) ?? 0) + waiting);
    return [...byAccount].map(([account, value]) => ({ labels: { account }, value }));
  });
};
