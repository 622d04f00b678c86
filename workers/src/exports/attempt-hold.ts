import { JobLease } from '@support/domain';

/** Thrown into the CSV stream when a later attempt took the job over: this attempt stops and writes nothing. */
export class AttemptSuperseded extends Error {
  constructor() {
    super('a later attempt took the export over');
    this.name = 'AttemptSuperseded';
  }
}

/** The reason an attempt's upload is abandoned: its file stopped moving (a hung upload). */
export class AttemptStalled extends Error {
  constructor(ms: number) {
    super(`the export file did not move for ${ms} ms`);
    this.name = 'AttemptStalled';
  }
}

/** An attempt's hold on its job while its file is written. */
export interface AttemptHold {
  /** Aborted when the file stopped moving for ackWait: the upload is abandoned and the attempt ends. */
  readonly signal: AbortSignal;
  /** Rows or bytes went out: extends the job's lease (at most every third of ackWait); throws AttemptSuperseded when the job is no longer this delivery's. */
  moved(): Promise<void>;
  release(): void;
}

/**
 * Keeps the job with this delivery while its file moves, and lets go when it does not: the lease is
 * extended as rows and bytes go out, so an export may run longer than ackWait; when nothing moved
 * for ackWait (an upload the blob store never answers) the upload is aborted, so the attempt ends
 * and frees its worker slot, and the queue, whose lease ran out meanwhile, delivers the job again.
 */
export const holdAttempt = (lease: JobLease, ackWaitMs: number): AttemptHold => {
  const controller = new AbortController();
  let movedAt = Date.now();
  let extendedAt = Date.now();
  let extending: Promise<boolean> | null = null;
  const watchdog = setInterval(() => {
    if (Date.now() - movedAt >= ackWaitMs) controller.abort(new AttemptStalled(ackWaitMs));
  }, Math.max(50, Math.floor(ackWaitMs / 4)));
  watchdog.unref();
  return {
    signal: controller.signal,
    moved: async () => {
      movedAt = Date.now();
      if (extending === null && movedAt - extendedAt >= ackWaitMs / 3) {
        extendedAt = movedAt;
        extending = lease.extend();
      }
      if (extending !== null) {
        const kept = await extending;
        extending = null;
        if (!kept) throw new AttemptSuperseded();
      }
    },
    release: () => clearInterval(watchdog),
  };
};
