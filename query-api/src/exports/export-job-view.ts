import { ExportJobDocument } from '@support/domain';

/** The job in the shape of docs/api/exports.md (Poll): optional fields only once they exist; nothing internal (no blob key, no owner). */
export const exportJobView = (d: ExportJobDocument) => ({
  jobId: d._id,
  status: d.status,
  total: d.total,
  processed: d.processed,
  fileName: d.fileName,
  ...(d.fileSizeBytes !== undefined && d.status === 'succeeded' ? { fileSizeBytes: d.fileSizeBytes } : {}),
  ...(d.error !== undefined && d.status === 'failed' ? { error: d.error } : {}),
  createdAt: d.createdAt,
  ...(d.startedAt !== undefined ? { startedAt: d.startedAt } : {}),
  ...(d.completedAt !== undefined ? { completedAt: d.completedAt } : {}),
  ...(d.availableUntil !== undefined ? { availableUntil: d.availableUntil } : {}),
  ...(d.withdrawn !== undefined && d.status === 'succeeded' ? { withdrawn: { at: d.withdrawn.at, reason: d.withdrawn.reason } } : {}),
  updatedAt: d.updatedAt,
});
