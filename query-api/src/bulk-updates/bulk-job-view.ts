import { BulkJobDocument, BulkOutcomeDocument } from '@support/domain';

/** The job in the shape of docs/api/bulk-updates.md (Status): optional fields once they exist; nothing internal (no owner). */
export const bulkJobView = (d: BulkJobDocument) => ({
  jobId: d._id,
  status: d.status,
  total: d.total,
  processed: d.processed,
  changed: d.changed,
  unchanged: d.unchanged,
  refused: d.refused,
  changes: d.changes,
  ...(d.error !== undefined && d.status === 'failed' ? { error: d.error } : {}),
  createdAt: d.createdAt,
  ...(d.startedAt !== undefined ? { startedAt: d.startedAt } : {}),
  ...(d.cancelledAt !== undefined ? { cancelledAt: d.cancelledAt } : {}),
  ...(d.completedAt !== undefined ? { completedAt: d.completedAt } : {}),
  updatedAt: d.updatedAt,
});

/** One ticket's outcome: changed (with its events), unchanged, or refused (with the single-ticket route's status and message). */
export const bulkOutcomeView = (d: BulkOutcomeDocument) => ({
  ticketId: d.ticketId,
  outcome: d.outcome,
  ...(d.events !== undefined ? { events: d.events } : {}),
  ...(d.refusal !== undefined ? { refusal: d.refusal } : {}),
});
