import { IndexSpec, TICKETS_COLLECTION } from '@support/domain';
import { TICKET_CUSTOMERS_COLLECTION } from './customer-lookup';

const byTimestamp = (key: string): IndexSpec => ({ key: { accountId: 1, [key]: -1, _id: -1 }, name: `account_${key}` });

/**
 * Indexes for the list and export filters: every query is scoped by accountId, sorted by one
 * timestamp and _id (the tie-break), and often narrowed by status, task, phone, number or order.
 */
export const TICKET_INDEXES: Readonly<Record<string, readonly IndexSpec[]>> = {
  [TICKETS_COLLECTION]: [
    byTimestamp('createdAt'),
    byTimestamp('updatedAt'),
    byTimestamp('resolvedAt'),
    byTimestamp('executedAt'),
    byTimestamp('assignedAt'),
    { key: { accountId: 1, status: 1, createdAt: -1, _id: -1 }, name: 'account_status_createdAt' },
    { key: { accountId: 1, taskId: 1, createdAt: -1, _id: -1 }, name: 'account_task_createdAt' },
    { key: { accountId: 1, source: 1, manualSourceLabel: 1 }, name: 'account_source' },
    { key: { accountId: 1, ticketKeys: 1 }, name: 'account_ticketKeys' },
    { key: { accountId: 1, customerPhones: 1 }, name: 'account_customerPhones' },
    { key: { accountId: 1, customerId: 1 }, name: 'account_customer' },
    { key: { accountId: 1, orderName: 1 }, name: 'account_orderName' },
    // search: a substring index over searchText's 3-character grams (the $regex of literals search compiles to).
    { key: { accountId: 1, searchText: 1 }, name: 'account_searchText_grams', substring: true },
  ],
  [TICKET_CUSTOMERS_COLLECTION]: [],
};
