import { performance } from 'node:perf_hooks';
import * as E from 'fp-ts/Either';
import { extractSummary } from '@support/adapters';
import { MaybeTicket, ReadModels, RecordedEvent, TicketCommand, TicketCreatedData, ticketDecider, TicketEvent } from '@support/domain';
import { projectionSubscriber, readModelShapes, ticketsProjection } from '@support/projectors';
import { Desk, LIFECYCLE_STEPS } from '../support/desk-data';
import { workspaceCommand } from '../support/workspace-commands';

/**
 * The tickets read model as the desk data's tickets leave it (support/desk-data), written straight
 * through the projection's own writes: each ticket's events made by the ticket decider from the
 * commands the service would run (create, its text processed, then its lifecycle's workspace
 * commands: assign, in progress, resolve, close, at the desk data's times), applied in batches as
 * the service applies them. The same documents, indexes and upserts, without HTTP or the log.
 */
const SOURCES = ['chatapp', 'email', 'liveChat', 'instagram', 'voiceCall'];

const eventAt = (n: number, e: TicketEvent): RecordedEvent =>
  ({ type: e.type, data: e.data, position: { commit: BigInt(n), prepare: BigInt(n) } }) as unknown as RecordedEvent;

/** Events applied through the projection in one batch, as the service applies a batch. */
const apply = (store: ReadModels, events: readonly RecordedEvent[]): Promise<void> =>
  projectionSubscriber(ticketsProjection, store).handleBatchUpTo!(events, events[events.length - 1].position);

const createdData = (desk: Desk, i: number): TicketCreatedData => {
  const t = desk.ticket(i);
  const c = desk.customer(t.customer);
  return {
    ticketId: `t-${String(i).padStart(8, '0')}`, accountId: 'acme', ticketNumber: i + 1, status: 'open', subject: t.subject, query: t.query,
    summary: null, sentiment: null, textProcessing: 'pending', orderName: t.orderName, source: SOURCES[i % SOURCES.length] as TicketCreatedData['source'],
    manualSourceLabel: null, customerId: `c-${t.customer}`, customer: { name: c.name, phone: c.phone, email: c.email },
    taskId: i % 2 === 0 ? 'task-general' : null, teamId: i % 2 === 0 ? 'team-care' : null, requestedTaskId: null, createdByUserId: null,
    createdByTokenId: 'token', createdAt: new Date(t.createdAtMs).toISOString(), payload: null, payloadFormat: null, relatedTicketNumber: null, objectiveValues: {}, images: [],
    parentTicketId: null, forced: true,
  };
};

/** Ticket i's events: the decider's answers to its commands, each decided on the state the ones before left. */
const ticketEvents = (desk: Desk, i: number): TicketEvent[] => {
  const t = desk.ticket(i);
  const created = createdData(desk, i);
  const at = (ms: number) => new Date(t.createdAtMs + ms).toISOString();
  const summary = extractSummary(created.subject, created.query);
  const commands: TicketCommand[] = [
    { type: 'CreateTicket', ticket: created, evaluation: null },
    { type: 'ProcessQuery', processed: { ticketId: created.ticketId, accountId: 'acme', summary, sentiment: 'neutral', processor: 'local', processedAt: created.createdAt } },
    ...LIFECYCLE_STEPS[t.lifecycle].map((step, n) => workspaceCommand(step, t.agent === null ? null : desk.agents[t.agent].id, at(t.stepsMs[n]), 'u-admin')),
  ];
  let state: MaybeTicket = ticketDecider.initialState();
  const events: TicketEvent[] = [];
  for (const command of commands) {
    const decided = ticketDecider.decide(command, state);
    if (E.isLeft(decided)) throw new Error(`ticket ${i}: the decider refused ${command.type}: ${JSON.stringify(decided.left)}`);
    for (const e of decided.right) {
      state = ticketDecider.evolve(state, e);
      events.push(e);
    }
  }
  return events;
};

/** Seeds the desk's tickets; answers the mean time of one ticket's writes (its decisions included). */
export const seedTickets = async (store: ReadModels, desk: Desk): Promise<{ usPerTicket: number }> => {
  await store.declare(readModelShapes([ticketsProjection]));
  let position = 1;
  const started = performance.now();
  let batch: RecordedEvent[] = [];
  for (let i = 0; i < desk.tickets; i++) {
    for (const e of ticketEvents(desk, i)) batch.push(eventAt(position++, e));
    if (batch.length >= 512) {
      await apply(store, batch);
      batch = [];
    }
  }
  if (batch.length > 0) await apply(store, batch);
  return { usPerTicket: ((performance.now() - started) * 1000) / desk.tickets };
};
