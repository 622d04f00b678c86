import { Account } from '../config/account-config';
import { accountSlaClock } from '../sla/account-sla';
import { BulkChange, BulkChangeCommand } from './bulk-events';

/** A change as the job's event records it: the command without the account's SLA clock. */
export const bulkChange = (command: BulkChangeCommand): BulkChange => {
  if (command.type !== 'ChangeStatus') return command;
  const { slaClock: _clock, ...data } = command;
  return data;
};

/** The command of a recorded change, as the single-ticket route makes it: a status change is on the account's SLA clock. */
export const bulkChangeCommand = (change: BulkChange, account: Account): BulkChangeCommand =>
  change.type === 'ChangeStatus' ? { ...change, slaClock: accountSlaClock(account) } : change;
