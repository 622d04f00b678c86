import { DateTime } from 'luxon';

const DATE_ONLY = /^\d{4}-?\d{2}-?\d{2}$/;

/**
 * An ISO 8601 date-time as the read model stores timestamps (UTC, `toISOString` form, which
 * sorts as text in time order). A date-time without an offset is read as UTC. A date alone is
 * accepted too: as a start bound it means the start of that UTC day, as an end bound its last
 * millisecond, so `endDate: "2026-01-31"` includes the whole 31st. null when it is not ISO 8601.
 */
export const parseDateBound = (text: string, bound: 'start' | 'end'): string | null => {
  const trimmed = text.trim();
  const parsed = DateTime.fromISO(trimmed, { zone: 'utc' });
  if (!parsed.isValid || trimmed.length < 8) return null;
  const moment = DATE_ONLY.test(trimmed) && bound === 'end' ? parsed.endOf('day') : parsed;
  const iso = moment.toJSDate().toISOString();
  // Years outside 0000-9999 ("+010000-...") would not sort as text among the stored timestamps.
  return /^\d{4}-/.test(iso) ? iso : null;
};

const DIGIT_0 = 48;
/** The number written by the decimal digits of `text` from `start` to `end`, or -1 when one is not a digit. */
function digitsAt(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = text.charCodeAt(i) - DIGIT_0;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

const daysIn = (year: number, month: number): number =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;

/**
 * Whether `text` is already a valid date-time in `toISOString` form ("2026-11-25T10:23:45.123Z",
 * years 0000-9999), which a `Date` would give back unchanged. Events carry their timestamps in
 * that form, and reading them back without a `Date` round trip is much cheaper, which a rebuild of
 * every ticket feels.
 */
function isStoredForm(text: string): boolean {
  if (text.length !== 24 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84) return false;
  if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58 || text.charCodeAt(19) !== 46 || text.charCodeAt(23) !== 90) return false;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  const hour = digitsAt(text, 11, 13);
  const minute = digitsAt(text, 14, 16);
  const second = digitsAt(text, 17, 19);
  const millis = digitsAt(text, 20, 23);
  return year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) && hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59 && millis >= 0;
}

/** A timestamp of an event, normalised to the stored form (null when absent or not a date). */
export const storedTimestamp = (value: unknown): string | null => {
  if (typeof value === 'string' && isStoredForm(value)) return value;
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
