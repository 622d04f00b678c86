import { ResourceRecord } from '@support/domain';
import { Conflicts } from './record-conflicts';

/** docs/api/records-and-actions.md. */
const recordBody = (r: ResourceRecord) => ({
  id: r.id, objectId: r.objectId, customerId: r.customerId, data: r.data, createdAt: r.createdAt, updatedAt: r.updatedAt,
});

export const recordAnswer = (record: ResourceRecord, c: Conflicts, extra: Record<string, unknown> = {}) => ({
  success: true, ...extra, record: recordBody(record), conflicts: c.conflicts, conflictCount: c.conflictCount,
});
