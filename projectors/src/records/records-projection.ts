import {
  lookupKeysOf, RECORD_LOOKUP_INDEX, RECORD_STREAM_PREFIX, RECORDS_COLLECTION, RECORDS_PROJECTION, RecordedEvent, ResourceRecordEvent,
} from '@support/domain';
import { ProjectionDefinition, ProjectionWrite } from '../runtime/projection';

/** Writes of one record event: the whole record is set (events carry the record after the change). */
export const recordWrites = (event: ResourceRecordEvent): readonly ProjectionWrite[] => {
  switch (event.type) {
    case 'ResourceRecordInserted': {
      const d = event.data;
      return [{
        collection: RECORDS_COLLECTION,
        updateOne: {
          id: d.recordId,
          update: {
            $set: {
              accountId: d.accountId, objectId: d.objectId, customerId: d.customerId, data: d.data, lookupKeys: lookupKeysOf(d.data),
              createdAt: d.createdAt, updatedAt: d.createdAt,
            },
          },
          upsert: true,
        },
      }];
    }
    case 'ResourceRecordUpdated': {
      const d = event.data;
      return [{
        collection: RECORDS_COLLECTION,
        updateOne: { id: d.recordId, update: { $set: { customerId: d.customerId, data: d.data, lookupKeys: lookupKeysOf(d.data), updatedAt: d.updatedAt } } },
      }];
    }
    default:
      return [];
  }
};

/** The read model of resource records: lookups by (resource, field value) and conflict counts. */
export const recordsProjection: ProjectionDefinition = {
  name: RECORDS_PROJECTION,
  streamNamePrefixes: [RECORD_STREAM_PREFIX],
  indexes: {
    [RECORDS_COLLECTION]: [{ key: { accountId: 1, objectId: 1, lookupKeys: 1 }, name: RECORD_LOOKUP_INDEX }],
  },
  project: async (event: RecordedEvent) => recordWrites({ type: event.type, data: event.data } as ResourceRecordEvent),
};
