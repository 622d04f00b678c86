import { HttpProblem, problem } from './problem';

/** Seconds a client waits before it sends again a request that lost to other writers of the same data. */
const CONTENTION_RETRY_AFTER_S = 1;

/**
 * A write that kept losing to other processes writing the same data until its request's deadline
 * (the command handler decides again after each lost race while there is time). Sending it again
 * is safe: what it wrote before it lost (a customer, a claim) is found again, not made twice.
 */
export const contention = (what: string): HttpProblem =>
  problem(
    503,
    `Other requests are writing the same ${what} at this moment: send this request again in ${CONTENTION_RETRY_AFTER_S} second`,
    { retryAfter: CONTENTION_RETRY_AFTER_S },
    { 'Retry-After': String(CONTENTION_RETRY_AFTER_S) },
  );
