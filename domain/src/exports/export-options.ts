import * as t from 'io-ts';

/** timestampFormat of docs/api/exports.md (Start): display = DD-MM-YY HH:MM:SS; legacy = locale-sensitive; iso = ISO 8601 with offset. */
export const TimestampFormat = t.keyof({ display: null, legacy: null, iso: null }, '"display", "legacy" or "iso"');
export type TimestampFormat = t.TypeOf<typeof TimestampFormat>;

/** How the local timestamp columns of one export are written (resolved at start, kept on the job). */
export interface ExportFormatOptions {
  /** IANA time zone. */
  readonly timezone: string;
  /** Canonical Unicode locale identifier. */
  readonly locale: string;
  readonly timestampFormat: TimestampFormat;
}

export const DEFAULT_EXPORT_TIMEZONE = 'Asia/Kolkata';
export const DEFAULT_EXPORT_LOCALE = 'en-US';
export const DEFAULT_TIMESTAMP_FORMAT: TimestampFormat = 'display';
/** docs/api/exports.md (Requests to fix): at most 92 days between startDate and endDate when both are given. */
export const MAX_EXPORT_RANGE_DAYS = 92;
export const EXPORT_RANGE_MESSAGE = `Export is limited to a maximum date range of ${MAX_EXPORT_RANGE_DAYS} days`;
