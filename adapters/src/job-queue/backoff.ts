const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 5 * 60_000;

/** Default delay before redelivering a job whose handler threw: 1 s, 2 s, 4 s, ... capped at 5 min. */
export function defaultBackoffMs(deliveryCount: number): number {
  const exponent = Math.max(0, deliveryCount - 1);
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(exponent, 30));
}
