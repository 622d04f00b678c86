import { EventData } from '@support/domain';
import { DEAD_LETTERED_EXPORT_ERROR } from '@support/workers';
import { ServiceMetrics } from './service-metrics';

/** Something that counts what the events appended by this process say happened. */
export type AppendedEventObserver = (event: EventData) => void;

/** Outcome events of template message delivery, as the worker records them. */
const DELIVERY_OUTCOMES: Readonly<Record<string, string>> = {
  MessageSent: 'sent',
  MessageFailed: 'failed',
  MessageSendAttemptFailed: 'retry',
};

/** support_message_deliveries_total{outcome}: each delivery attempt's recorded outcome. */
export const deliveryOutcomes = (metrics: ServiceMetrics): AppendedEventObserver => (event) => {
  const outcome = DELIVERY_OUTCOMES[event.type];
  if (outcome !== undefined) metrics.messageDeliveries.inc({ outcome });
};

/** support_webhook_deliveries_total{outcome} and support_webhook_attempt_duration_seconds: each webhook attempt recorded. */
export const webhookAttempts = (metrics: ServiceMetrics): AppendedEventObserver => (event) => {
  if (event.type !== 'WebhookDeliveryAttempted') return;
  const d = event.data as { outcome?: string; retryAt?: string | null; durationMs?: number };
  const outcome = d.outcome === 'delivered' ? 'delivered' : d.retryAt ? 'retry' : 'failed';
  metrics.webhookDeliveries.inc({ outcome });
  if (typeof d.durationMs === 'number') metrics.webhookAttemptDuration.observe({ outcome }, d.durationMs / 1000);
};

interface ExportProgress {
  readonly jobId?: unknown;
  readonly attempt?: unknown;
  readonly processed?: unknown;
}

/**
 * support_export_rows_total: rows written to export files, from the progress the export worker
 * records (TicketExportProgressed, cumulative per attempt) and its completion
 * (TicketExportSucceeded): each adds what its attempt wrote since the last record.
 */
export const exportRows = (metrics: ServiceMetrics): AppendedEventObserver => {
  const written = new Map<string, number>();
  return (event) => {
    if (event.type !== 'TicketExportProgressed' && event.type !== 'TicketExportSucceeded' && event.type !== 'TicketExportFailed') return;
    const d = event.data as ExportProgress;
    const key = `${String(d.jobId)}/${String(d.attempt)}`;
    if (typeof d.processed === 'number' && event.type !== 'TicketExportFailed') {
      const before = written.get(key) ?? 0;
      if (d.processed > before) metrics.exportRows.inc(d.processed - before);
      written.set(key, Math.max(before, d.processed));
    }
    if (event.type !== 'TicketExportProgressed') written.delete(key);
  };
};

/**
 * support_export_jobs_failed_total{cause}: exports recorded failed, by cause: `attempt` (a worker
 * failed it: the file could not be written or uploaded) or `dead_letter` (its job went to the
 * queue's dead letter with the export unfinished, and the dead-letter sweep failed it).
 */
export const exportFailures = (metrics: ServiceMetrics): AppendedEventObserver => (event) => {
  if (event.type !== 'TicketExportFailed') return;
  const error = (event.data as { error?: unknown }).error;
  metrics.exportJobsFailed.inc({ cause: error === DEAD_LETTERED_EXPORT_ERROR ? 'dead_letter' : 'attempt' });
};

/** support_sla_breaches_total{policy}: each SLA target recorded breached (SlaBreached), by the policy's label. */
export const slaBreaches = (metrics: ServiceMetrics): AppendedEventObserver => (event) => {
  if (event.type !== 'SlaBreached') return;
  metrics.slaBreaches.inc({ policy: String((event.data as { label?: unknown }).label) });
};
