import type { ProjectionDelay } from '../health/projection-delay';
import { ServiceMetrics } from './service-metrics';

/**
 * support_projection_delay_seconds{read_model}: how long the oldest event of the log the read model
 * has not applied has waited (0: caught up), from the checkpoints the projectors persist, so every
 * process (a gateway too) tells it. Past the read-your-writes wait (5 s), commands answer before
 * their read models have them.
 */
export const registerProjectionDelay = (metrics: ServiceMetrics, delays: () => Promise<readonly ProjectionDelay[]>): void => {
  metrics.gauge('support_projection_delay_seconds', 'How long the oldest event not yet applied to the read model has waited (0: caught up).', ['read_model'], async () =>
    (await delays().catch(() => [])).map((d) => ({ labels: { read_model: d.readModel }, value: d.seconds })));
};
