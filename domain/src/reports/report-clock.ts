import { DateTime } from 'luxon';
import { Account } from '../config/account-config';
import { DurationClock } from '../exports/columns/business-clock';
import { accountTimezone } from '../exports/export-request';
import { accountSlaClock } from '../sla/account-sla';

/**
 * The account's clock as reports read it: its time zone (which day a moment belongs to) and its
 * SLA clock (business time: the account's opening hours, else plain elapsed time).
 */
export interface ReportClock {
  readonly zone: string;
  readonly business: DurationClock;
}

export const reportClockOf = (account: Account): ReportClock => ({ zone: accountTimezone(account), business: accountSlaClock(account) });

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export const dayIn = (zone: string, iso: string): string => DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toISODate() as string;

/** A duration both ways: plain elapsed milliseconds and milliseconds on the business clock. */
export interface Durations {
  readonly calendarMs: number;
  readonly businessMs: number;
}

export const durationsBetween = (clock: ReportClock, fromIso: string, toIso: string): Durations => {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  return { calendarMs: Math.max(0, to - from), businessMs: clock.business.elapsedMs(from, to) };
};
