import { Account } from '../config/account-config';
import { durationClock } from '../exports/columns/business-clock';
import { accountTimezone } from '../exports/export-request';
import { SlaTarget, slaTargetsAt } from './sla-target';

/** The SLA targets of a ticket the account creates at `createdMs`: its policies now, due on its clock now (opening hours when configured). */
export const accountSlaTargets = (account: Account, createdMs: number): SlaTarget[] =>
  slaTargetsAt(account.slaPolicies ?? [], durationClock(account.openingHours, accountTimezone(account)), createdMs);
