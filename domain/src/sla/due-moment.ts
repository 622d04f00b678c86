import { DurationClock } from '../exports/columns/business-clock';

/** How far ahead a due moment is looked for: a clock that counts no time in two years never comes due. */
const HORIZON_MS = 2 * 366 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The due moment of a target of `durationMs` counted from `fromMs` on the clock: the last instant
 * (in whole milliseconds) by which no more than the target has counted. A metric that happens by
 * then is on time, and a target still open after it is breached; so the due moment and the
 * export's "took no longer than the target" never disagree. On opening hours a target reached as a
 * window closes is due when the next window opens (nothing counts in between); a clock that counts
 * nothing within two years gives null (never due).
 *
 * Found by halving on the clock's own count (elapsedMs), so it holds for every clock, including
 * days with several windows, windows past midnight, holidays and DST changes.
 */
export const dueMoment = (clock: DurationClock, fromMs: number, durationMs: number): number | null => {
  if (!clock.businessHours) return fromMs + durationMs;
  const over = (t: number) => clock.elapsedMs(fromMs, t, durationMs + 1) > durationMs;
  // The first bound past the due moment: the target itself, then days doubling.
  let step = Math.max(durationMs, DAY_MS);
  let hi = fromMs + durationMs;
  while (!over(hi)) {
    if (hi - fromMs > HORIZON_MS) return null;
    hi += step;
    step *= 2;
  }
  let lo = fromMs; // nothing counted yet: not over
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (over(mid)) hi = mid;
    else lo = mid;
  }
  return lo;
};
