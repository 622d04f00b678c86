import type { ParkedCounts } from '../health/parked-counts';
import { ServiceMetrics } from './service-metrics';

/** support_projection_parked_events{read_model}: the events a read model could not apply and skipped, not applied since (GET /admin/parked-events). */
export const registerParkedEvents = (metrics: ServiceMetrics, readModels: readonly string[], counts: () => Promise<ParkedCounts>): void => {
  metrics.gauge('support_projection_parked_events', 'Events the read model could not apply and skipped (parked), not applied by a retry since.', ['read_model'], async () => {
    const now = await counts().catch(() => ({}) as ParkedCounts);
    return readModels.map((rm) => ({ labels: { read_model: rm }, value: now[rm] ?? 0 }));
  });
};
