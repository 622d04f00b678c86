import { draw, STREAM } from './random';

/**
 * When tickets come in: over the span's hours (UTC), as many in each hour as its weight says:
 * the desk grows (an hour at the span's end weighs GROWTH_END / GROWTH_START times one at its
 * start, so the last half of the span holds 60 % of the tickets), weekdays weigh more than weekends
 * and working hours more than nights. Hour h holds round(N × W(≤ h) / W) − round(N × W(< h) / W)
 * tickets, spread through it with a little jitter, so the times come out in ticket order.
 */
const GROWTH_START = 0.6;
const GROWTH_END = 1.4;
/** Monday first. */
const DAY_OF_WEEK = [1.25, 1.15, 1.1, 1.05, 1, 0.55, 0.45];
const HOUR_OF_DAY = [0.15, 0.1, 0.08, 0.08, 0.1, 0.2, 0.4, 0.7, 1, 1.15, 1.2, 1.15, 1.05, 1.1, 1.15, 1.1, 1, 0.9, 0.75, 0.65, 0.55, 0.45, 0.35, 0.25];
const HOUR_MS = 3_600_000;

/**
 * An imported history (a desk moving from another helpdesk makes its tickets through the API):
 * ticket i's creation time spread evenly over the `withinMs` before `nowMs`, with a little jitter,
 * ascending.
 */
export const importedTimes = (tickets: number, nowMs: number, withinMs: number, seed: number): Float64Array => {
  const startMs = nowMs - withinMs;
  return Float64Array.from({ length: tickets }, (_, i) => Math.floor(startMs + (withinMs * (i + 0.9 * draw(seed, STREAM.timeInHour, i))) / tickets));
};

/** Ticket i's creation time (ms), i in [0, tickets), ascending; the newest at most `nowMs`. */
export const ticketTimes = (tickets: number, nowMs: number, spanDays: number, seed: number): Float64Array => {
  const hours = spanDays * 24;
  // The span ends at the start of the hour after now, so the hour that holds now is the last one; its tickets stay before now.
  const endMs = Math.ceil(nowMs / HOUR_MS) * HOUR_MS;
  const startMs = endMs - hours * HOUR_MS;
  const weights = new Float64Array(hours);
  let total = 0;
  for (let h = 0; h < hours; h++) {
    const at = new Date(startMs + h * HOUR_MS);
    const weekday = (at.getUTCDay() + 6) % 7;
    const growth = GROWTH_START + ((GROWTH_END - GROWTH_START) * (h + 0.5)) / hours;
    // The hour that holds now counts only for its part before now.
    const elapsed = Math.min(1, Math.max(0, (nowMs - (startMs + h * HOUR_MS)) / HOUR_MS));
    total += weights[h] = growth * DAY_OF_WEEK[weekday] * HOUR_OF_DAY[at.getUTCHours()] * elapsed;
  }
  const times = new Float64Array(tickets);
  let i = 0;
  let before = 0;
  for (let h = 0; h < hours; h++) {
    const upTo = before + weights[h];
    const count = Math.round((tickets * upTo) / total) - Math.round((tickets * before) / total);
    const hourMs = h === hours - 1 ? Math.max(1, nowMs - (startMs + h * HOUR_MS)) : HOUR_MS;
    for (let j = 0; j < count; j++, i++) {
      times[i] = Math.floor(startMs + h * HOUR_MS + (hourMs * (j + 0.9 * draw(seed, STREAM.timeInHour, i))) / count);
    }
    before = upTo;
  }
  return times;
};
