/** A Retry-After is honoured up to this by the retry policy; beyond it the number only has to stay finite. */
const LONGEST_MS = 365 * 24 * 60 * 60 * 1_000;

/**
 * A Retry-After header (RFC 9110: delay in seconds, or an HTTP date) as milliseconds from `now`;
 * undefined when absent or unreadable. A date in the past is 0.
 */
export const retryAfterMs = (value: string | undefined, now: number = Date.now()): number | undefined => {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1_000, LONGEST_MS);
  // An HTTP date names its day and month ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone would read "1.5" as a date.
  if (!/[a-z]{3}/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(0, at - now), LONGEST_MS);
};
