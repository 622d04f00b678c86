import { DomainEvent } from '../shared/decider';

/** Values of a record keyed by the field keys configured on its resource (docs/api/records-and-actions.md). */
export type RecordData = Readonly<Record<string, unknown>>;

export const RECORD_STREAM_PREFIX = 'resource_record-';
/** One stream per resource record. */
export const recordStream = (recordId: string): string => `${RECORD_STREAM_PREFIX}${recordId}`;

export type ResourceRecordInserted = DomainEvent<'ResourceRecordInserted', {
  readonly recordId: string;
  readonly accountId: string;
  readonly objectId: string;
  readonly customerId: string | null;
  readonly data: RecordData;
  readonly createdAt: string;
}>;

export type ResourceRecordUpdated = DomainEvent<'ResourceRecordUpdated', {
  readonly recordId: string;
  readonly accountId: string;
  readonly objectId: string;
  readonly customerId: string | null;
  /** The converted values the caller supplied. */
  readonly changes: RecordData;
  /** The whole record after the merge (so the read model needs no earlier state). */
  readonly data: RecordData;
  readonly updatedAt: string;
}>;

export type ResourceRecordEvent = ResourceRecordInserted | ResourceRecordUpdated;
