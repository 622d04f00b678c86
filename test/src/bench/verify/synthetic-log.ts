import { randomUUID } from 'node:crypto';
import { EventData } from '@support/domain';
import { SqliteEventStore } from '@support/adapters';

/** The events of one synthetic ticket (8, about 500 bytes each on average, as the desk's tickets' are). */
export const ticketEvents = (i: number, at: Date): EventData[] => {
  const ticketId = randomUUID();
  const metadata = { version: 1, accountId: 'acme', userId: 'tok-admin', requestId: randomUUID(), correlationId: randomUUID(), occurredAt: at.toISOString() };
  const event = (type: string, data: Record<string, unknown>): EventData => ({ id: randomUUID(), type, data: { ticketId, accountId: 'acme', ...data }, metadata });
  const iso = at.toISOString();
  return [
    event('TicketCreated', {
      ticketNumber: i + 1, status: 'open', subject: `Order ${i} arrived damaged`, query: `The parcel of order #S-${100_000 + i} arrived with a broken lid. Please send a new one.\nKind regards,\nCustomer ${i}`,
      summary: null, sentiment: null, textProcessing: 'pending', orderName: `#S-${100_000 + i}`, source: 'chatapp', manualSourceLabel: null, customerId: randomUUID(),
      customer: { name: `Customer ${i}`, phone: `+1415555${String(i % 10_000).padStart(4, '0')}`, email: `customer${i}@example.com` },
      taskId: 'task-general', teamId: 'team-care', createdByUserId: 'u-admin', createdAt: iso, forced: true,
      slaTargets: [{ label: 'First Response', metric: 'firstResponse', targetMinutes: 60, dueAt: iso }, { label: 'Resolution', metric: 'resolution', targetMinutes: 1440, dueAt: iso }],
    }),
    event('TicketNumberAssigned', { ticketNumber: i + 1 }),
    event('TicketQueryProcessed', { summary: `Order ${i} arrived damaged: the parcel arrived with a broken lid.`, sentiment: 'negative', processedAt: iso }),
    event('TaskEvaluated', { taskId: 'task-general', outcome: 'matched', evaluatedAt: iso }),
    event('TicketAssigned', { agentId: `u-agent-${i % 40}`, assignedById: 'u-admin', assignedAt: iso }),
    event('TicketStatusChanged', { from: 'open', to: 'assigned', changedAt: iso, changedByUserId: 'u-admin' }),
    event('TicketReplied', { agentId: `u-agent-${i % 40}`, text: 'We are sorry about the lid: a new one is on its way, no need to send the old one back.', channel: 'email', repliedAt: iso }),
    event('TicketStatusChanged', { from: 'assigned', to: 'resolved', resolvedBy: 'agent', changedAt: iso, changedByUserId: `u-agent-${i % 40}` }),
  ];
};

/** Appends `events` events (whole tickets of 8) to the log through the port, `inFlight` tickets at once. */
export const appendSyntheticTickets = async (store: SqliteEventStore, events: number, inFlight = 64): Promise<number> => {
  const tickets = Math.ceil(events / 8);
  const at = new Date('2026-11-27T10:00:00.000Z');
  let next = 0;
  await Promise.all(Array.from({ length: inFlight }, async () => {
    for (let i = next++; i < tickets; i = next++) {
      await store.appendToStream(`ticket-synthetic-${i}`, ticketEvents(i, at), { expectedRevision: 'no_stream' });
    }
  }));
  return tickets * 8;
};
