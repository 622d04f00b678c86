import { TicketDocument, ticketKeys, ticketSearchText } from '@support/domain';

export const ACCOUNT = 'acme';

let counter = 0;

/**
 * A hand-made ticket of the read model, shaped as the projection writes it (search texts computed
 * the same way). Fields default to an open, unassigned chat ticket of acme created at `createdAt`.
 */
export const aTicket = (overrides: Partial<TicketDocument> & { _id?: string } = {}): TicketDocument => {
  counter += 1;
  const base = {
    _id: `t-${String(counter).padStart(5, '0')}`,
    accountId: ACCOUNT,
    ticketNumber: 1000 + counter,
    ticketName: null,
    status: 'open',
    summary: null,
    orderName: null,
    source: 'chatapp',
    manualSourceLabel: null,
    customerId: `c-${counter}`,
    customerName: null,
    customerPhones: [],
    customerEmails: [],
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    executedAt: null,
    assignedAt: null,
    assignedToId: null,
    involvedAgentIds: [],
    resolvedAt: null,
    createdByUserId: 'u-admin',
    taskId: null,
    taskTeamId: null,
    category: null,
    subcategory: null,
    sentiment: null,
    parentTicketId: null,
    csat: null,
    ...overrides,
  };
  return {
    ...base,
    ticketKeys: ticketKeys(base),
    searchText: ticketSearchText(base, { name: base.customerName, phones: base.customerPhones, emails: base.customerEmails }),
  } as TicketDocument;
};
