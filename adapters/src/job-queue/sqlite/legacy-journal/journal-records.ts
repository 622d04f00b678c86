// Exists only to import data directories written by earlier versions (the embedded job queue's journal); nothing writes this format any more.
/** One line of the old journal (the embedded job queue of earlier versions). Dates are ISO strings, payloads plain JSON. */
export type JournalRecord = PublishedRecord | DeliveredRecord | RetryRecord | AckedRecord | DeadRecord | DedupeRecord | PositionRecord;

export interface PublishedRecord {
  readonly t: 'published';
  readonly id: string;
  readonly kind: string;
  readonly dedupeId: string;
  readonly payload: unknown;
  readonly publishedAt: string;
}

/** A delivery began; a job delivered more than maxDeliver times without outcome goes to the dead letter. */
export interface DeliveredRecord {
  readonly t: 'delivered';
  readonly id: string;
  readonly deliveryCount: number;
}

/** The job waits until `notBefore` before its next delivery. */
export interface RetryRecord {
  readonly t: 'retry';
  readonly id: string;
  readonly notBefore: string;
}

export interface AckedRecord {
  readonly t: 'acked';
  readonly id: string;
}

export interface DeadRecord {
  readonly t: 'dead';
  readonly id: string;
  readonly reason: string;
  readonly deadAt: string;
}

/** A dedupe id of a finished job, kept after compaction dropped the job itself. */
export interface DedupeRecord {
  readonly t: 'dedupe';
  readonly kind: string;
  readonly dedupeId: string;
}

/** Where a publisher reading the event log has got to (JobQueue.savePublisherPosition); the last one counts. */
export interface PositionRecord {
  readonly t: 'position';
  readonly publisher: string;
  readonly position: string;
}

export function isJournalRecord(value: unknown): value is JournalRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  switch (r.t) {
    case 'published':
      return areStrings(r.id, r.kind, r.dedupeId, r.publishedAt) && 'payload' in r;
    case 'delivered':
      return areStrings(r.id) && Number.isInteger(r.deliveryCount);
    case 'retry':
      return areStrings(r.id, r.notBefore);
    case 'acked':
      return areStrings(r.id);
    case 'dead':
      return areStrings(r.id, r.reason, r.deadAt);
    case 'dedupe':
      return areStrings(r.kind, r.dedupeId);
    case 'position':
      return areStrings(r.publisher, r.position);
    default:
      return false;
  }
}

function areStrings(...values: unknown[]): boolean {
  return values.every((v) => typeof v === 'string');
}
