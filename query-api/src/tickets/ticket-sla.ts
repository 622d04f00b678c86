import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import {
  AccountDirectory, accountSlaTargets, Clock, EventStore, metricHappenedAt, Principal, ReadModels, SlaTarget, targetStateNow, TicketDocument, TICKETS_COLLECTION, ticketStream,
} from '@support/domain';

export interface TicketSlaDeps {
  readonly readModels: ReadModels;
  readonly eventStore: EventStore;
  readonly clock: Clock;
  readonly directory: () => AccountDirectory;
}

const SLA_EVENTS = new Set(['SlaMet', 'SlaBreached', 'SlaWarned', 'SlaPaused', 'SlaResumed']);

/**
 * GET /apis/tickets/{ticketId}/sla: each SLA target of the ticket (as recorded at its creation;
 * for a ticket created before targets were recorded, the account's policies on its clock now) with
 * its state now — the outcome recorded (met, breached), else pending or breached as its due moment
 * says — and the ticket's SLA events, oldest first.
 */
export const ticketSla = async (deps: TicketSlaDeps, principal: Principal, ticketId: string): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const doc = await deps.readModels.get<TicketDocument>(TICKETS_COLLECTION, ticketId);
  if (doc === null || doc.accountId !== principal.accountId) return E.left(problem(404, 'Ticket not found'));
  const nowMs = deps.clock.now().getTime();
  const recorded = doc.slaTargets !== undefined && doc.slaTargets !== null;
  const account = deps.directory().account(doc.accountId);
  const targets: readonly SlaTarget[] = recorded ? doc.slaTargets! : account === undefined ? [] : accountSlaTargets(account, Date.parse(doc.createdAt));
  const events = [];
  for await (const e of deps.eventStore.readStream(ticketStream(ticketId))) {
    if (SLA_EVENTS.has(e.type)) events.push({ id: e.id, type: e.type, revision: Number(e.revision), created: e.created.toISOString(), data: e.data });
  }
  return ok({
    success: true,
    ticketId,
    recordedAtCreation: recorded,
    targets: targets.map((t, i) => ({ ...t, state: targetStateNow(doc, t, i, nowMs), happenedAt: metricHappenedAt(doc, t) })),
    events,
  });
};
