import { DateTime } from 'luxon';
import { OpeningHours } from '../../config/account-config';
import { zoneOffsetMinutes } from './zone-offset';

/** How long something took: opening hours only when the account has them, else plain elapsed time (docs/api/exports.md, The file: Durations). */
export interface DurationClock {
  readonly businessHours: boolean;
  /**
   * Milliseconds between two instants that count on this clock (0 when `to` is not after `from`).
   * With `atLeastMs`, counting may stop once that much is reached (SLA checks need no more).
   */
  elapsedMs(fromMs: number, toMs: number, atLeastMs?: number): number;
}

export const plainClock: DurationClock = { businessHours: false, elapsedMs: (fromMs, toMs) => Math.max(0, toMs - fromMs) };

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const MAX_CACHED_DAYS = 20_000;

/** "HH:MM-HH:MM" → minutes of the day; an end at or before the start runs past midnight into the next day. */
const parseWindow = (range: string): { readonly from: number; readonly to: number } => {
  const [a, b] = range.split('-');
  const minutes = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));
  const from = minutes(a);
  const to = minutes(b);
  return { from, to: to <= from ? to + 24 * 60 : to };
};

/** Days since 1970-01-01 of a civil date, and back. */
const dayNumberOf = (isoDate: string): number => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
const civilDate = (dayNumber: number): { year: number; month: number; day: number } => {
  const d = new Date(dayNumber * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

/**
 * Opening hours in the account's timezone: for each local day (not a holiday), its windows as
 * instants, so a day with several windows, a window that runs to 24:00 or past midnight, and a
 * DST change (a 23- or 25-hour day; luxon places each wall-clock time in its own offset) are
 * counted as the wall clock says. A window belongs to the day it opens on (a holiday's windows
 * are skipped whole). Each day's instants are worked out once and remembered.
 */
export const businessClock = (hours: OpeningHours, zone: string): DurationClock => {
  const offsetAt = zoneOffsetMinutes(zone);
  const byWeekday = WEEKDAYS.map((d) => (hours.days[d] ?? []).map(parseWindow));
  const holidays = new Set((hours.holidays ?? []).map(dayNumberOf));
  const cache = new Map<number, readonly number[]>();

  const instant = (dayNumber: number, minuteOfDay: number): number => {
    const extraDays = Math.floor(minuteOfDay / (24 * 60));
    const minute = minuteOfDay - extraDays * 24 * 60;
    const { year, month, day } = civilDate(dayNumber + extraDays);
    return DateTime.fromObject({ year, month, day, hour: Math.floor(minute / 60), minute: minute % 60 }, { zone }).toMillis();
  };

  const windowsOf = (dayNumber: number): readonly number[] => {
    let windows = cache.get(dayNumber);
    if (windows === undefined) {
      if (cache.size >= MAX_CACHED_DAYS) cache.clear();
      windows = holidays.has(dayNumber)
        ? []
        : byWeekday[(((dayNumber + 4) % 7) + 7) % 7].flatMap((w) => [instant(dayNumber, w.from), instant(dayNumber, w.to)]);
      cache.set(dayNumber, windows);
    }
    return windows;
  };

  const localDay = (ms: number): number => Math.floor((ms + offsetAt(ms) * 60_000) / DAY_MS);

  return {
    businessHours: true,
    elapsedMs: (fromMs, toMs, atLeastMs = Number.POSITIVE_INFINITY) => {
      if (!(toMs > fromMs)) return 0;
      let total = 0;
      const last = localDay(toMs);
      // From the day before: a window of that day may run past midnight into the span.
      for (let day = localDay(fromMs) - 1; day <= last; day++) {
        const w = windowsOf(day);
        for (let i = 0; i < w.length; i += 2) {
          const start = w[i] > fromMs ? w[i] : fromMs;
          const end = w[i + 1] < toMs ? w[i + 1] : toMs;
          if (end > start) total += end - start;
        }
        if (total >= atLeastMs) return total;
      }
      return total;
    },
  };
};

/** The account's duration clock: opening hours when configured (in the account timezone), else plain elapsed time. */
export const durationClock = (hours: OpeningHours | undefined, zone: string): DurationClock =>
  hours === undefined ? plainClock : businessClock(hours, zone);
