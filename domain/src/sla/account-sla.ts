import { Account } from '../config/account-config';
import { DurationClock, durationClock } from '../exports/columns/business-clock';
import { accountTimezone } from '../exports/export-request';
import { SlaTarget, slaTargetsAt } from './sla-target';

/** Each account's duration clock, made once: a business clock remembers the instants of the days it has worked out, which every create of the account then reuses. */
const clocks = new WeakMap<Account, DurationClock>();

/** The account's duration clock (opening hours when configured), the one its SLA targets are due on. */
export const accountSlaClock = (account: Account): DurationClock => {
  let clock = clocks.get(account);
  if (clock === undefined) {
    clock = durationClock(account.openingHours, accountTimezone(account));
    clocks.set(account, clock);
  }
  return clock;
};

/** The SLA targets of a ticket the account creates at `createdMs`: its policies now, due on its clock now (opening hours when configured). */
export const accountSlaTargets = (account: Account, createdMs: number): SlaTarget[] => slaTargetsAt(account.slaPolicies ?? [], accountSlaClock(account), createdMs);
