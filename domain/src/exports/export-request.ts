import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { DateTime, IANAZone } from 'luxon';
import { Account } from '../config/account-config';
import { decodeRequest } from '../shared/decode';
import { strictObject } from '../shared/strict';
import { TicketCriteria } from '../tickets/list/ticket-criteria';
import { snapshotCriteria, ticketCriteria } from '../tickets/list/ticket-criteria-from-filters';
import { parseDateBound } from '../tickets/list/date-bounds';
import { TicketFilters, ticketFilterProps } from '../tickets/list/ticket-filters';
import { ticketQueryScope } from '../tickets/list/ticket-query-scope';
import { withoutNullFields } from '../tickets/list/filter-body';
import {
  DEFAULT_EXPORT_LOCALE, DEFAULT_EXPORT_TIMEZONE, DEFAULT_TIMESTAMP_FORMAT, EXPORT_RANGE_MESSAGE, ExportFormatOptions, MAX_EXPORT_RANGE_DAYS,
  TimestampFormat,
} from './export-options';
import { TicketExportRequestedData } from './export-events';

const Text = new t.Type<string, string, unknown>('a string', t.string.is, t.string.validate, t.identity);

/** Body of POST /apis/task-runs/tickets/export (docs/api/exports.md, Start): the shared filters plus timezone, locale and timestampFormat. No other keys. */
const TicketExportBody = strictObject('TicketExportBody', {}, { ...ticketFilterProps, timezone: Text, locale: Text, timestampFormat: TimestampFormat });
type TicketExportBody = t.TypeOf<typeof TicketExportBody>;

/** An export request the caller must fix: 400 with this message. */
interface InvalidExportRequest {
  readonly kind: 'InvalidExportRequest';
  readonly field?: string;
  readonly message: string;
}

interface ValidExportRequest {
  readonly filters: TicketFilters;
  readonly format: ExportFormatOptions;
  /** The list's criteria of the filters: the export and the list agree on which tickets match. */
  readonly criteria: TicketCriteria;
}

const invalid = (message: string, field?: string): E.Either<InvalidExportRequest, never> =>
  E.left({ kind: 'InvalidExportRequest', message, ...(field !== undefined ? { field } : {}) });

const KNOWN_FIELDS = new Set([...Object.keys(ticketFilterProps), 'timezone', 'locale', 'timestampFormat']);

const withoutNulls = (body: unknown): unknown => withoutNullFields(body, KNOWN_FIELDS);

const isValidTimezone = (zone: string): boolean => zone.trim() !== '' && IANAZone.isValidZone(zone);

/** The canonical form of a Unicode locale identifier this runtime can format with, or null. */
const canonicalLocale = (locale: string): string | null => {
  try {
    const [canonical] = Intl.getCanonicalLocales(locale.trim());
    if (canonical === undefined) return null;
    return Intl.DateTimeFormat.supportedLocalesOf([canonical]).length > 0 ? canonical : null;
  } catch {
    return null;
  }
};

/** The account's business timezone when it is a valid IANA zone, else Asia/Kolkata (docs/api/exports.md, Start). */
export const accountTimezone = (account: Account): string =>
  account.timezone !== undefined && isValidTimezone(account.timezone) ? account.timezone : DEFAULT_EXPORT_TIMEZONE;

const DAY_MS = 24 * 60 * 60 * 1000;

/** docs/api/exports.md (Start): when both dates are given the range must not exceed 92 days. */
const rangeProblem = (filters: TicketFilters): E.Either<InvalidExportRequest, void> => {
  if (filters.ignoreDateRange === true || filters.startDate === undefined || filters.endDate === undefined) return E.right(undefined);
  const start = parseDateBound(filters.startDate, 'start');
  const end = parseDateBound(filters.endDate, 'end');
  if (start === null || end === null) return E.right(undefined);
  return Date.parse(end) - Date.parse(start) > MAX_EXPORT_RANGE_DAYS * DAY_MS ? invalid(EXPORT_RANGE_MESSAGE, 'endDate') : E.right(undefined);
};

/**
 * Decodes and checks an export start (docs/api/exports.md, Start and Requests to fix): unknown keys and wrong types, then the filters
 * compiled exactly as the list compiles them (invalid dates, end before start, ignoreDateRange),
 * the 92-day range, the timezone (IANA) and the locale. Defaults: the account's timezone (Asia/Kolkata
 * when missing or invalid), en-US, display.
 */
export const validateExportRequest = (body: unknown, account: Account): E.Either<InvalidExportRequest, ValidExportRequest> => {
  const decoded = decodeRequest(TicketExportBody, body === undefined ? {} : withoutNulls(body));
  if (E.isLeft(decoded)) return invalid(decoded.left.message);
  const { timezone, locale, timestampFormat, ...filters } = decoded.right;
  const criteria = ticketCriteria(ticketQueryScope(account), filters);
  if (E.isLeft(criteria)) return invalid(criteria.left.message, criteria.left.field);
  const range = rangeProblem(filters);
  if (E.isLeft(range)) return range;
  if (timezone !== undefined && !isValidTimezone(timezone)) {
    return invalid(`Invalid export timezone "${timezone}": send an IANA time zone name such as "Asia/Kolkata" or "Europe/Berlin"`, 'timezone');
  }
  const resolvedLocale = locale === undefined ? DEFAULT_EXPORT_LOCALE : canonicalLocale(locale);
  if (resolvedLocale === null) return invalid(`Invalid export locale "${locale}": send a Unicode locale identifier such as "en-US" or "de-DE"`, 'locale');
  return E.right({
    filters,
    criteria: criteria.right,
    format: { timezone: timezone?.trim() ?? accountTimezone(account), locale: resolvedLocale, timestampFormat: timestampFormat ?? DEFAULT_TIMESTAMP_FORMAT },
  });
};

/**
 * The tickets an export's file holds: the criteria it was requested with (bounded to the tickets
 * that existed at the request). Events recorded before the criteria were carry the filters as
 * sent; their criteria are made again from those, with the account as configured now.
 */
export const exportCriteria = (request: Pick<TicketExportRequestedData, 'criteria' | 'filters' | 'requestedAt'>, account: Account): E.Either<InvalidExportRequest, TicketCriteria> => {
  if (request.criteria !== undefined) return E.right(request.criteria);
  const criteria = ticketCriteria(ticketQueryScope(account), request.filters);
  if (E.isLeft(criteria)) return invalid(criteria.left.message, criteria.left.field);
  return E.right(snapshotCriteria(criteria.right, new Date(request.requestedAt)));
};

/**
 * File name of the export: tickets-export-<date and time of the request in the export's timezone>-<the
 * job id's last 8 characters>.csv. The last ones: job ids are time-ordered UUIDs, whose first 8
 * characters are the same for every job started within about a minute; their end is random.
 */
export const exportFileName = (jobId: string, requestedAt: Date, timezone: string): string =>
  `tickets-export-${DateTime.fromJSDate(requestedAt, { zone: timezone }).toFormat('yyyyMMdd-HHmmss')}-${jobId.replace(/[^A-Za-z0-9]/g, '').slice(-8)}.csv`;
