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

/** A timestamp of an event, normalised to the stored form (null when absent or not a date). */
export const storedTimestamp = (value: unknown): string | null => {
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
