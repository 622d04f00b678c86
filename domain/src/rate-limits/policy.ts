import { Account } from '../config/account-config';

/** Rate-limited operations of docs/api/README.md (Rate limits). */
export type LimitedOperation = 'manualTicket' | 'ticketList' | 'ticketExport' | 'ticketBulkUpdate' | 'executeAction';

export interface RateWindow {
  /** minute, hour or day */
  readonly name: 'minute' | 'hour' | 'day';
  readonly durationSeconds: number;
  readonly points: number;
}

export interface RatePolicy {
  readonly operation: LimitedOperation;
  /** docs/api/README.md (Rate limits): per access token, except execute-action runs and bulk updates, per account. */
  readonly scope: 'token' | 'account';
  readonly windows: readonly RateWindow[];
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** docs/api/README.md (Rate limits) defaults, overridable per account by `rateLimits`. */
export const ratePolicy = (operation: LimitedOperation, account: Account): RatePolicy => {
  const o = account.rateLimits;
  switch (operation) {
    case 'manualTicket':
      return {
        operation,
        scope: 'token',
        windows: [
          { name: 'minute', durationSeconds: MINUTE, points: o?.manualTicket?.perMinute ?? 5 },
          { name: 'hour', durationSeconds: HOUR, points: o?.manualTicket?.perHour ?? 200 },
          { name: 'day', durationSeconds: DAY, points: o?.manualTicket?.perDay ?? 1000 },
        ],
      };
    case 'ticketList':
      return { operation, scope: 'token', windows: [{ name: 'hour', durationSeconds: HOUR, points: o?.ticketList?.perHour ?? 200 }] };
    case 'ticketExport':
      return { operation, scope: 'token', windows: [{ name: 'hour', durationSeconds: HOUR, points: o?.ticketExport?.perHour ?? 200 }] };
    case 'ticketBulkUpdate':
      return { operation, scope: 'account', windows: [{ name: 'hour', durationSeconds: HOUR, points: o?.ticketBulkUpdate?.perHour ?? 20 }] };
    case 'executeAction':
      return { operation, scope: 'account', windows: [{ name: 'hour', durationSeconds: HOUR, points: o?.executeAction?.perHour ?? 30 }] };
  }
};
