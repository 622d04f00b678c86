import { CollectionShape, TICKETS_COLLECTION } from '@support/domain';
import { TICKET_CUSTOMERS_COLLECTION } from './customer-lookup';

const byTimestamp = (key: string) => ({ name: `account_${key}`, fields: ['accountId', key, '_id'] });

/**
 * The ticket read model's collections. "tickets" is what the list and the export read: every
 * filter of docs/api/ticket-list.md (Filters) has its field (a column in SQLite); every sort an index scoped by account
 * (timestamp, then id); the selective filters (status, task, source, assignee, parent, customer,
 * order) an index of their own; the list fields (phones, ticket keys, involved agents) are looked
 * up by one value; `searchText` is found by any fragment (within one account: the engines keep
 * its index per account); and the tickets are counted per account, status and SLA standing (the
 * totals lists and the SLA queue ask for most), and per day, hour and minute of creation, update and resolution (a
 * total over a date range). Filters that match large shares of an account
 * (category, sentiment, team) are read beside an index.
 */
const TICKETS_SHAPE: CollectionShape = {
  fields: [
    'accountId', 'status', 'createdAt', 'updatedAt', 'resolvedAt', 'executedAt', 'assignedAt', 'assignedToId', 'createdByUserId', 'taskId', 'taskTeamId',
    'source', 'manualSourceLabel', 'customerId', 'customerName', 'orderName', 'category', 'subcategory', 'sentiment', 'parentTicketId', 'ticketNumber',
    'ticketType', 'rootTicketId', 'createdPosition', 'slaCheckAt', 'slaState', 'slaNextDueAt',
  ],
  lists: ['involvedAgentIds', 'customerPhones', 'ticketKeys'],
  search: 'searchText',
  searchScopedBy: 'accountId',
  countedBy: ['accountId', 'status', 'slaState'],
  countedByTime: ['createdAt', 'updatedAt', 'resolvedAt'],
  indexes: [
    byTimestamp('createdAt'),
    byTimestamp('updatedAt'),
    byTimestamp('resolvedAt'),
    byTimestamp('executedAt'),
    byTimestamp('assignedAt'),
    { name: 'account_status_createdAt', fields: ['accountId', 'status', 'createdAt', '_id'] },
    { name: 'account_task_createdAt', fields: ['accountId', 'taskId', 'createdAt', '_id'] },
    { name: 'account_source_createdAt', fields: ['accountId', 'source', 'createdAt', '_id'] },
    { name: 'account_assignedTo_createdAt', fields: ['accountId', 'assignedToId', 'createdAt', '_id'] },
    { name: 'account_parent', fields: ['accountId', 'parentTicketId'] },
    { name: 'account_customer', fields: ['accountId', 'customerId'] },
    { name: 'account_orderName', fields: ['accountId', 'orderName'] },
    { name: 'account_customerPhones', fields: ['accountId', 'customerPhones'] },
    { name: 'account_ticketKeys', fields: ['accountId', 'ticketKeys'] },
    { name: 'account_involvedAgentIds', fields: ['accountId', 'involvedAgentIds'] },
    // The SLA watcher's tickets whose moment has come, across accounts.
    { name: 'slaCheckAt', fields: ['slaCheckAt'] },
    // The agent's SLA queue: what waits, by next due moment; what was breached or met, newest first.
    { name: 'account_slaState_nextDue', fields: ['accountId', 'slaState', 'slaNextDueAt', '_id'] },
    { name: 'account_slaState_createdAt', fields: ['accountId', 'slaState', 'createdAt', '_id'] },
  ],
};

export const TICKETS_READ_MODEL_COLLECTIONS: Readonly<Record<string, CollectionShape>> = {
  [TICKETS_COLLECTION]: TICKETS_SHAPE,
  // The customers as the tickets projection knows them (read by id only).
  [TICKET_CUSTOMERS_COLLECTION]: { fields: ['accountId'] },
};

/**
 * Raised when the documents' form changes: the engine empties the read model and it is rebuilt from the log.
 * 2: SQLite's `tickets:counts` holds the account and the status as plain text (was JSON text).
 * 3: the counts are kept per account, status and SLA standing (the SLA queue's totals).
 * 4: a closed ticket's SLA targets still waiting are stopped (slaStopped): it leaves the queue.
 * 5: the counts per UTC day are kept per hour and minute too (period counts).
 */
export const TICKETS_READ_MODEL_VERSION = 5;
