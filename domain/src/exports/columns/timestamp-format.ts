import { ExportFormatOptions } from '../export-options';
import { zoneOffsetMinutes } from './zone-offset';

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));
const pad4 = (n: number): string => String(n).padStart(4, '0');

const offsetText = (minutes: number): string => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
};

/** Epoch milliseconds of a stored timestamp, or null when absent or not a date. */
export const epochOf = (value: unknown): number | null => {
  if (typeof value !== 'string' || value === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};

/**
 * Writes the local timestamp columns (spec 4.3, 4.4.1 rule 1) in the export's timezone:
 * display = DD-MM-YY HH:MM:SS (24 h), iso = YYYY-MM-DDTHH:MM:SS±HH:MM, legacy = the locale's own
 * short date and time (Intl, as Date.toLocaleString writes it). Blank for an absent timestamp.
 */
export const timestampFormatter = (options: ExportFormatOptions): ((value: unknown) => string) => {
  const offsetAt = zoneOffsetMinutes(options.timezone);
  if (options.timestampFormat === 'legacy') {
    const intl = new Intl.DateTimeFormat(options.locale, {
      timeZone: options.timezone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    return (value) => {
      const ms = epochOf(value);
      return ms === null ? '' : intl.format(ms);
    };
  }
  const iso = options.timestampFormat === 'iso';
  return (value) => {
    const ms = epochOf(value);
    if (ms === null) return '';
    const offset = offsetAt(ms);
    const local = new Date(ms + offset * 60_000);
    const time = `${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())}`;
    if (iso) return `${pad4(local.getUTCFullYear())}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}T${time}${offsetText(offset)}`;
    return `${pad2(local.getUTCDate())}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCFullYear() % 100)} ${time}`;
  };
};

/** CSAT Sent At and Submitted At stay ISO 8601 (spec 4.4.1 rule 1): the stored UTC form. */
export const isoTimestamp = (value: unknown): string => {
  const ms = epochOf(value);
  return ms === null ? '' : new Date(ms).toISOString();
};
