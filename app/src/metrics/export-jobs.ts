import { EXPORT_JOBS_COLLECTION, ReadModels } from '@support/domain';
import { ServiceMetrics } from './service-metrics';

const UNFINISHED = ['queued', 'running'] as const;

/**
 * support_export_jobs{status}: ticket export jobs queued and running across the service, counted
 * at scrape time in the export-jobs read model (its index starts with status).
 */
export const registerExportJobs = (metrics: ServiceMetrics, readModels: ReadModels): void => {
  metrics.gauge('support_export_jobs', 'Ticket export jobs not finished, by status (queued, running), across the service.', ['status'], async () =>
    Promise.all(UNFINISHED.map(async (status) => ({
      labels: { status }, value: await readModels.count(EXPORT_JOBS_COLLECTION, { status }),
    }))));
};
