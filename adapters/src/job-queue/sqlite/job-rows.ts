import type { DeadLetter, Job } from '@support/domain';

/** A row of `jobs` as the statements read it. */
export interface JobRow {
  readonly id: string;
  readonly kind: string;
  readonly dedupe_id: string;
  readonly payload: string | null;
  readonly published_at: number;
  readonly attempts: number;
}

export interface DeadRow extends JobRow {
  readonly dead_reason: string;
  readonly dead_at: number;
}

/** The job as a handler sees it; parsing the stored JSON gives each delivery a fresh payload. */
export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    payload: row.payload === null ? null : (JSON.parse(row.payload) as unknown),
    dedupeId: row.dedupe_id,
    deliveryCount: row.attempts,
    publishedAt: new Date(row.published_at),
  };
}

export function toDeadLetter(row: DeadRow): DeadLetter {
  return { job: toJob(row), reason: row.dead_reason, deadAt: new Date(row.dead_at) };
}
