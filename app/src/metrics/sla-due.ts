import { Clock, ReadModels, TICKETS_COLLECTION } from '@support/domain';
import { ServiceMetrics } from './service-metrics';

const HOUR_MS = 3_600_000;

/**
 * support_sla_due_next_hour: tickets with an SLA target still open whose due moment comes within
 * the next hour (their next SLA moment, slaCheckAt, falls in it), counted at scrape time from its index.
 */
export const registerSlaDue = (metrics: ServiceMetrics, readModels: ReadModels, clock: Clock): void => {
  metrics.gauge('support_sla_due_next_hour', 'Tickets whose next SLA due moment comes within the next hour.', [], async () => {
    const now = clock.now().getTime();
    // slaCheckAt of an open target is the instant after its due moment.
    const value = await readModels.count(TICKETS_COLLECTION, { slaCheckAt: { gt: new Date(now).toISOString(), lte: new Date(now + HOUR_MS + 1).toISOString() } });
    return [{ labels: {}, value }];
  });
};
