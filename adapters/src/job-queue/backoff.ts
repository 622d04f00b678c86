import { backoffDelayMs, BackoffPolicy } from '@support/domain';

/** Redelivery of a job whose handler threw: 1 s, 2 s, 4 s, ... capped at 5 min. */
const JOB_REDELIVERY: BackoffPolicy = { firstMs: 1_000, maxMs: 5 * 60_000 };

/** Default delay before redelivering a job whose handler threw (deliveryCount 1 = the first redelivery's wait). */
export function defaultBackoffMs(deliveryCount: number): number {
  return backoffDelayMs(deliveryCount, JOB_REDELIVERY);
}
