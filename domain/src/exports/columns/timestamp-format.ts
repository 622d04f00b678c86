import { ExportFormatOptions } from '../export-options';
import { civilFromDays, DAY_MS, daysFromCivil } from './civil-date';
import { zoneOffsetMinutes } from './zone-offset';

const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));
const pad2 = (n: number): string => TWO_DIGITS[n] ?? String(n);

const offsetText = (minutes: number): string => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
};

/** The value of the decimal digit at `i`, or a number outside 0-9 when it is not one. */
const digitAt = (s: string, i: number): number => s.charCodeAt(i) - 48;
/** `(9 - d) | d` is negative exactly when d is not a digit: OR-ed over several, negative when any is not. */
const digitBits = (d: number): number => (9 - d) | d;

/**
 * Epoch milliseconds of a stored timestamp, or null when absent or not a date. The stored form
 * (`toISOString`, "2026-11-23T07:05:09.000Z") is read digit by digit with integer arithmetic,
 * cheaper than Date.parse, which matters at a dozen timestamps per row and a million rows; any
 * other form goes to Date.parse.
 */
export const epochOf = (value: unknown): number | null => {
  if (typeof value !== 'string' || value === '') return null;
  if (value.length === 24 && value.charCodeAt(10) === 84 && value.charCodeAt(23) === 90 && value.charCodeAt(19) === 46) {
    const y0 = digitAt(value, 0), y1 = digitAt(value, 1), y2 = digitAt(value, 2), y3 = digitAt(value, 3);
    const mo0 = digitAt(value, 5), mo1 = digitAt(value, 6), d0 = digitAt(value, 8), d1 = digitAt(value, 9);
    const h0 = digitAt(value, 11), h1 = digitAt(value, 12), mi0 = digitAt(value, 14), mi1 = digitAt(value, 15);
    const s0 = digitAt(value, 17), s1 = digitAt(value, 18), ms0 = digitAt(value, 20), ms1 = digitAt(value, 21), ms2 = digitAt(value, 22);
    const bits = digitBits(y0) | digitBits(y1) | digitBits(y2) | digitBits(y3) | digitBits(mo0) | digitBits(mo1) | digitBits(d0) | digitBits(d1)
      | digitBits(h0) | digitBits(h1) | digitBits(mi0) | digitBits(mi1) | digitBits(s0) | digitBits(s1) | digitBits(ms0) | digitBits(ms1) | digitBits(ms2);
    if (bits >= 0) {
      const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
      const month = mo0 * 10 + mo1;
      const day = d0 * 10 + d1;
      const hour = h0 * 10 + h1;
      const minute = mi0 * 10 + mi1;
      const second = s0 * 10 + s1;
      if (month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour < 24 && minute < 60 && second < 60) {
        return daysFromCivil(year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + ms0 * 100 + ms1 * 10 + ms2;
      }
    }
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};

const MAX_CACHED_DAYS = 50_000;

/**
 * Writes the local timestamp columns (docs/api/exports.md, The file: Timestamps) in the export's timezone:
 * display = DD-MM-YY HH:MM:SS (24 h), iso = YYYY-MM-DDTHH:MM:SS±HH:MM, legacy = the locale's own
 * date and time (Intl, as Date.toLocaleString writes them). Blank for an absent timestamp. The
 * zone's offset is remembered per quarter hour and each local day's date text per day.
 */
export const timestampFormatter = (options: ExportFormatOptions): ((value: unknown) => string) => {
  const format = epochFormatter(options);
  return (value) => format(epochOf(value));
};

/** The same, for a timestamp already read as epoch milliseconds (null: blank). */
export const epochFormatter = (options: ExportFormatOptions): ((ms: number | null) => string) => {
  const offsetAt = zoneOffsetMinutes(options.timezone);
  if (options.timestampFormat === 'legacy') {
    const intl = new Intl.DateTimeFormat(options.locale, {
      timeZone: options.timezone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    return (ms) => (ms === null ? '' : intl.format(ms));
  }
  const iso = options.timestampFormat === 'iso';
  const dates = new Map<number, string>();
  const dateText = (day: number): string => {
    let text = dates.get(day);
    if (text === undefined) {
      if (dates.size >= MAX_CACHED_DAYS) dates.clear();
      const c = civilFromDays(day);
      text = iso ? `${String(c.year).padStart(4, '0')}-${pad2(c.month)}-${pad2(c.day)}T` : `${pad2(c.day)}-${pad2(c.month)}-${pad2(c.year % 100)} `;
      dates.set(day, text);
    }
    return text;
  };
  const offsets = new Map<number, string>();
  const offsetOf = (minutes: number): string => {
    let text = offsets.get(minutes);
    if (text === undefined) offsets.set(minutes, (text = offsetText(minutes)));
    return text;
  };
  return (ms) => {
    if (ms === null) return '';
    const offset = offsetAt(ms);
    const local = ms + offset * 60_000;
    const day = Math.floor(local / DAY_MS);
    const seconds = Math.floor((local - day * DAY_MS) / 1000);
    const time = `${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}`;
    return iso ? `${dateText(day)}${time}${offsetOf(offset)}` : `${dateText(day)}${time}`;
  };
};

/** CSAT Sent At and Submitted At stay ISO 8601 (docs/api/exports.md, The file: Timestamps): the stored UTC form. */
export const isoTimestamp = (value: unknown): string => {
  if (typeof value === 'string' && value.length === 24 && value.charCodeAt(23) === 90 && epochOf(value) !== null) return value;
  const ms = epochOf(value);
  return ms === null ? '' : new Date(ms).toISOString();
};
