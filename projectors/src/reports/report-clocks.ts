import { Account, AccountDirectory, plainClock, ReportClock, reportClockOf } from '@support/domain';

const UTC: ReportClock = { zone: 'UTC', business: plainClock };

/** Each account's report clock, made once per configured account (an account no longer configured counts in UTC, plain time). */
export const reportClocks = (directory: () => AccountDirectory): ((accountId: string) => ReportClock) => {
  const clocks = new WeakMap<Account, ReportClock>();
  return (accountId) => {
    const account = directory().account(accountId);
    if (account === undefined) return UTC;
    let clock = clocks.get(account);
    if (clock === undefined) clocks.set(account, (clock = reportClockOf(account)));
    return clock;
  };
};
