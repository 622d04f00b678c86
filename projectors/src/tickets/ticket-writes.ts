import {
  DataPointsReevaluatedData, storedTimestamp, TaskEvaluatedData, TicketCreatedData, TicketDocument, ticketKeys, TicketQueryProcessedData, TICKETS_COLLECTION,
  ticketSearchText,
} from '@support/domain';
import { DocumentWrite } from '@support/domain';
import { TicketCustomer, union } from './customer-lookup';
import { emptyFamily, familyAfter, FamilyChange } from './family';

export type KnownCustomer = Pick<TicketCustomer, 'name' | 'phones' | 'emails'>;

export const ticketWrite = (id: string, set: Record<string, unknown>, upsert = false): DocumentWrite => ({ collection: TICKETS_COLLECTION, id, set, upsert });

/** The customer's fields on a ticket. */
export const customerFields = (customer: KnownCustomer) => ({
  customerName: customer.name,
  customerPhones: customer.phones,
  customerEmails: customer.emails,
});

/** The customer as a ticket document holds them. */
export const customerOf = (doc: Pick<TicketDocument, 'customerName' | 'customerPhones' | 'customerEmails'>): KnownCustomer => ({
  name: doc.customerName ?? null,
  phones: doc.customerPhones ?? [],
  emails: doc.customerEmails ?? [],
});

/** A new ticket: the whole document (fields no event fills yet start null, so every filter sees them). */
export const ticketCreated = (d: TicketCreatedData, known: TicketCustomer | null): DocumentWrite => {
  const createdAt = storedTimestamp(d.createdAt) ?? d.createdAt;
  const customer: KnownCustomer = {
    name: known?.name ?? d.customer.name,
    phones: union(known?.phones ?? [], [d.customer.phone]),
    emails: union(known?.emails ?? [], [d.customer.email]),
  };
  const own = { summary: d.summary, orderName: d.orderName, ticketName: d.subject, ticketNumber: d.ticketNumber };
  const ticketType = d.ticketType ?? 'ticket';
  const rootTicketId = d.rootTicketId ?? d.parentTicketId ?? d.ticketId;
  const familyChange = ticketFamilyChange(d, createdAt);
  const doc: Omit<TicketDocument, '_id'> = {
    accountId: d.accountId,
    ...own,
    status: d.status,
    sentiment: d.sentiment,
    source: d.source,
    manualSourceLabel: d.manualSourceLabel,
    customerId: d.customerId,
    ...customerFields(customer),
    taskId: d.taskId,
    taskTeamId: d.teamId,
    createdByUserId: d.createdByUserId,
    parentTicketId: d.parentTicketId,
    createdAt,
    updatedAt: createdAt,
    executedAt: null,
    assignedAt: null,
    assignedToId: null,
    involvedAgentIds: [],
    resolvedAt: null,
    category: null,
    subcategory: null,
    csat: null,
    subject: d.subject,
    query: d.query,
    ticketType,
    childTicketParam: d.childTicketParam ?? null,
    rootTicketId,
    taskPath: d.taskId === null ? [] : [d.taskId],
    actions: [],
    objectives: {},
    payload: d.payload,
    assignedById: null,
    involvedSources: union([d.source]),
    resolvedBy: null,
    resolvedByUserId: null,
    resolution: null,
    closedAt: null,
    statusHistory: [{ status: d.status, at: createdAt }],
    sentiments: d.sentiment === null ? [] : [d.sentiment],
    firstResponseAt: null,
    firstResponseChannel: null,
    latestResponseAt: null,
    responseWaits: [],
    awaitingResponseSince: createdAt,
    csatStatus: null,
    csatSentAt: null,
    csatSubmittedAt: null,
    dispositions: {},
    emailThreadIds: [],
    emailClients: [],
    autoResolved: false,
    family: rootTicketId === d.ticketId ? familyAfter(emptyFamily(), familyChange) : null,
    voiceFcr: null,
    slaTargets: d.slaTargets ?? null,
    ticketKeys: ticketKeys(own),
    searchText: ticketSearchText(own, customer),
  };
  return ticketWrite(d.ticketId, doc, true);
};

/** A new ticket as a change of its family's totals. */
export const ticketFamilyChange = (d: TicketCreatedData, createdAt: string): FamilyChange => ({
  kind: 'ticket', ticketType: d.ticketType ?? 'ticket', source: d.source, at: createdAt,
});

/** The task the ticket ended on after evaluation (and the tasks and actions on the way); executedAt is when the task ran. */
export const taskEvaluated = (d: TaskEvaluatedData): DocumentWrite => {
  const at = storedTimestamp(d.evaluatedAt) ?? d.evaluatedAt;
  return ticketWrite(d.ticketId, {
    taskId: d.taskId, taskTeamId: d.teamId, executedAt: at, updatedAt: at,
    taskPath: d.steps.map((s) => s.taskId),
    actions: d.steps.flatMap((s) => s.actions.filter((a) => a.purpose === 'task').map((a) => ({ actionKey: a.actionKey, status: a.status }))),
    objectives: d.objectives,
  });
};

/** Objectives filled by a re-evaluation join those of the evaluation. */
export const dataPointsReevaluated = (d: DataPointsReevaluatedData, current: TicketDocument | null): readonly DocumentWrite[] => {
  if (current === null || Object.keys(d.objectives).length === 0) return [];
  return [ticketWrite(d.ticketId, { objectives: { ...(current.objectives ?? {}), ...d.objectives } })];
};

/** Summary and sentiment arrived after creation (fastResponse); the ticket's search text changes with them. */
export const ticketQueryProcessed = (d: TicketQueryProcessedData, current: TicketDocument | null): readonly DocumentWrite[] => {
  if (current === null) return [];
  const at = storedTimestamp(d.processedAt) ?? d.processedAt;
  return [
    ticketWrite(d.ticketId, {
      summary: d.summary,
      sentiment: d.sentiment,
      sentiments: d.sentiment === null ? current.sentiments ?? [] : [...(current.sentiments ?? []), d.sentiment],
      updatedAt: at,
      searchText: ticketSearchText({ ...current, summary: d.summary }, customerOf(current)),
    }),
  ];
};
