import { backoffDelayMs, BackoffPolicy, COMMAND_RETRY } from '@support/domain';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits the backoff of this attempt (1 = before the first retry). */
export const backoff = (attempt: number, policy: BackoffPolicy = COMMAND_RETRY): Promise<void> => sleep(backoffDelayMs(attempt, policy));
