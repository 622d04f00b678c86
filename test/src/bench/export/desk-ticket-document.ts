import { extractSummary } from '@support/adapters';
import type { SeedTicket } from '../../exports/support/seed-tickets';
import type { Desk } from '../support/desk-data';

const SOURCES = ['chatapp', 'email', 'liveChat', 'voiceCall', 'manual'];
const STATUS_OF = { open: 'open', assigned: 'assigned', in_progress: 'in_progress', resolved: 'resolved', closed: 'closed' } as const;
const HOUR = 3_600_000;

/**
 * Ticket i of a desk (support/desk-data: its customer, subject, summary, order, times, status and
 * agent) as the ticket read model holds it once worked, with the lifecycle data an export writes
 * (family metrics, response waits, status history, CSAT, dispositions, payload, Voice FCR) filled
 * the way a desk fills them: assigned at its assignment, resolved (and rated) when its lifecycle
 * resolved it.
 */
export const deskTicketDocument = (desk: Desk, i: number): SeedTicket => {
  const t = desk.ticket(i);
  const c = desk.customer(t.customer);
  const created = t.createdAtMs;
  const iso = (ms: number) => new Date(ms).toISOString();
  const status = STATUS_OF[t.lifecycle];
  const assignedAt = t.stepsMs.length > 0 ? created + t.stepsMs[0] : null;
  const resolvedAt = t.lifecycle === 'resolved' || t.lifecycle === 'closed' ? created + t.stepsMs[1] : null;
  const agentId = t.agent === null ? null : desk.agents[t.agent].id;
  const source = SOURCES[i % SOURCES.length];
  const child = i % 10 === 9;
  const history = [{ status: 'open', at: iso(created) }, ...t.stepsMs.map((ms, n) => ({ status: n === 0 ? 'assigned' : status, at: iso(created + ms) }))];
  const answered = assignedAt !== null;
  return {
    _id: `bench-${i}`,
    ticketNumber: i + 1,
    ticketName: t.subject,
    status,
    summary: extractSummary(t.subject, t.query),
    orderName: t.orderName,
    source,
    manualSourceLabel: source === 'manual' ? 'Walk-In' : null,
    customerId: `cust-${t.customer}`,
    customerName: c.name,
    customerPhones: [c.phone],
    customerEmails: [c.email],
    createdAt: iso(created),
    updatedAt: iso(created + (t.stepsMs[t.stepsMs.length - 1] ?? 0)),
    executedAt: iso(created + 1_000),
    assignedAt: assignedAt === null ? null : iso(assignedAt),
    assignedToId: agentId,
    assignedById: agentId === null ? null : 'u-admin',
    involvedAgentIds: agentId === null ? [] : [agentId],
    resolvedAt: resolvedAt === null ? null : iso(resolvedAt),
    resolvedBy: resolvedAt === null ? null : 'agent',
    resolvedByUserId: resolvedAt === null ? null : agentId,
    resolution: resolvedAt === null ? null : status,
    taskId: i % 2 === 0 ? 'task-refund' : 'task-cancelled',
    taskTeamId: 'team-care',
    taskPath: i % 2 === 0 ? ['task-refund'] : ['task-refund', 'task-cancelled'],
    actions: [{ actionKey: 'notify_warehouse', status: 'succeeded' }],
    objectives: i % 2 === 0 ? { refund_reason: 'damaged', delivery_state: 'delivered', window_open: true } : { cancel_confirmed: 'yes' },
    payload: JSON.stringify({ kiosk: `K-${i % 9}`, refund_reason: 'damaged', emailClient: 'gmail' }),
    sentiment: 'negative',
    sentiments: ['negative', 'neutral'],
    ticketType: child ? 'child' : 'ticket',
    parentTicketId: child ? `bench-${i - 1}` : null,
    involvedSources: [source, 'email'],
    firstResponseAt: answered ? iso((assignedAt as number) + 20 * 60_000) : null,
    latestResponseAt: answered ? iso((resolvedAt ?? (assignedAt as number)) + 20 * 60_000) : null,
    responseWaits: answered ? [{ from: iso(created), to: iso((assignedAt as number) + 20 * 60_000) }] : [],
    statusHistory: history,
    csat: resolvedAt === null ? null : { rating: 1 + (i % 5), comment: i % 7 === 0 ? 'Quick, helpful\nthanks' : null },
    csatStatus: resolvedAt === null ? null : 'submitted',
    csatSentAt: resolvedAt === null ? null : iso(resolvedAt + HOUR),
    csatSubmittedAt: resolvedAt === null ? null : iso(resolvedAt + 2 * HOUR),
    category: 'Refund',
    subcategory: 'Damaged',
    dispositions: { 'Refund Reason': 'Broken in transit' },
    emailThreadIds: ['thread-1'],
    emailClients: ['gmail'],
    autoResolved: false,
    family: child ? null : {
      childTickets: 1, interactionTickets: 0, chatSessionIds: ['s1'], emailThreadIds: ['thread-1'], emailClients: ['gmail'],
      customerEmailMessageIds: ['m1'], agentEmailMessageIds: ['a1'], incomingCallIds: i % 5 === 3 ? ['c1'] : [], outgoingCallIds: [],
      channels: i % 5 === 3 ? ['voiceCall', 'email'] : ['email'], delegatedChildWork: false, lastInboundContactAt: null,
    },
    voiceFcr: i % 5 === 3 ? { callId: 'c1', outcome: 'resolved_on_call', reason: 'resolved_on_call', evaluatedAt: iso(created + 1_800_000), laterInboundContact: false } : null,
  };
};
