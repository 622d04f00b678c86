import { ReadDocument } from '../ports/read-models';
import { RecordData } from './events';

/** Name of the records projection (read your writes waits for it) and of its collection. */
export const RECORDS_PROJECTION = 'records';
export const RECORDS_COLLECTION = 'records';

/**
 * A record in the read model. `lookupKeys` holds one "field=value" key per field with a value
 * (see lookupKey), so "records of this resource holding this value in this field" is one seek of
 * the multikey index { accountId, objectId, lookupKeys } whatever the resource's field names.
 */
export interface RecordDocument extends ReadDocument {
  readonly accountId: string;
  readonly objectId: string;
  readonly customerId: string | null;
  readonly data: RecordData;
  readonly lookupKeys: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export const RECORD_LOOKUP_INDEX = 'records_by_resource_and_value';
