import { backoffDelayMs, type Position } from '@support/domain';
import type { Backoff, DropListener } from './reconnecting-subscription';

/**
 * Where a subscription "from the end" starts: the head of the log read once, when the subscription
 * is made, so that every resubscription (after a drop before the first event) starts from the same
 * place. A failed read of the head is told (as a drop) and tried again after a backoff, never
 * replaced by the client's END, which the server would look up again at each resubscription and so
 * skip what was appended in between. `null`: the log is empty (start). Resolves with null too once
 * `stopped` (the subscription was ended before the head could be read).
 */
export const pinnedEnd = async (
  head: () => Promise<Position | null>,
  backoff: Backoff,
  onFailure: DropListener,
  stopped: () => boolean,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Position | null> => {
  for (let failures = 1; !stopped(); failures++) {
    try {
      return await head();
    } catch (e) {
      const delay = backoffDelayMs(failures, { firstMs: backoff.initialMs, maxMs: backoff.maxMs });
      onFailure(e instanceof Error ? e : new Error(String(e)), delay);
      await sleep(delay);
    }
  }
  return null;
};
