import {
  CUSTOMER_STREAM_PREFIX, CustomerErasedData, DocumentWrite, lookupKeysOf, ProjectionReads, RECORD_LOOKUP_INDEX, RECORD_STREAM_PREFIX, RECORDS_COLLECTION, RECORDS_PROJECTION,
  RecordedEvent, ResourceRecordEvent,
} from '@support/domain';
import { ProjectionDefinition } from '../runtime/projection';

/** Writes of one record event: the whole record is set (events carry the record after the change). */
export const recordWrites = (event: ResourceRecordEvent): readonly DocumentWrite[] => {
  switch (event.type) {
    case 'ResourceRecordInserted': {
      const d = event.data;
      return [{
        collection: RECORDS_COLLECTION,
        id: d.recordId,
        set: {
          accountId: d.accountId, objectId: d.objectId, customerId: d.customerId, data: d.data, lookupKeys: lookupKeysOf(d.data),
          createdAt: d.createdAt, updatedAt: d.createdAt,
        },
        upsert: true,
      }];
    }
    case 'ResourceRecordUpdated': {
      const d = event.data;
      return [{ collection: RECORDS_COLLECTION, id: d.recordId, set: { customerId: d.customerId, data: d.data, lookupKeys: lookupKeysOf(d.data), updatedAt: d.updatedAt } }];
    }
    default:
      return [];
  }
};

/**
 * A customer erased (docs/api/erasure.md): each of their records keeps its id, resource and times,
 * and loses its fields (and so the lookups by them), as a rebuild from the log, whose events then
 * read with placeholders, comes to.
 */
const customerErased = async (d: CustomerErasedData, reads: ProjectionReads): Promise<readonly DocumentWrite[]> =>
  (await reads.find(RECORDS_COLLECTION, { accountId: d.accountId, customerId: d.customerId })).map((r) => ({ collection: RECORDS_COLLECTION, id: r._id, set: { data: {}, lookupKeys: [] } }));

/** The read model of resource records: lookups by (resource, field value) and conflict counts. */
export const recordsProjection: ProjectionDefinition = {
  name: RECORDS_PROJECTION,
  streamNamePrefixes: [RECORD_STREAM_PREFIX, CUSTOMER_STREAM_PREFIX],
  version: 1,
  collections: {
    [RECORDS_COLLECTION]: { fields: ['accountId', 'objectId', 'customerId'], lists: ['lookupKeys'], indexes: [{ name: RECORD_LOOKUP_INDEX, fields: ['accountId', 'objectId', 'lookupKeys'] }] },
  },
  project: async (event: RecordedEvent, reads: ProjectionReads) =>
    (event.type === 'CustomerErased' ? customerErased(event.data as CustomerErasedData, reads) : recordWrites({ type: event.type, data: event.data } as ResourceRecordEvent)),
};
