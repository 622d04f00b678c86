import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import { customerDecider, customerStream, EventStore, Principal, ReadModels, TicketDocument, TICKETS_COLLECTION, ticketStream } from '@support/domain';
import { loadStream } from '@support/event-sourcing';

export interface TicketDetailsDeps {
  readonly readModels: ReadModels;
  readonly eventStore: EventStore;
}

const NOT_FOUND = () => E.left(problem(404, 'Ticket not found'));

/** Read-model fields that are internal (scoping, search, positions) and never answered. */
const INTERNAL = new Set(['_id', 'accountId', 'ticketKeys', 'searchText', '_appliedPosition', 'slaCheckAt']);

/** GET /apis/tickets/{ticketId}: the ticket as the read model holds it (what the list filters and the export read). */
export const ticketDetails = async (deps: TicketDetailsDeps, principal: Principal, ticketId: string): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const doc = await deps.readModels.get<TicketDocument>(TICKETS_COLLECTION, ticketId);
  if (doc === null || doc.accountId !== principal.accountId) return NOT_FOUND();
  const ticket = Object.fromEntries(Object.entries(doc).filter(([k]) => !INTERNAL.has(k)));
  return ok({ success: true, ticket: { id: doc._id, ...ticket } });
};

/** The erasure of the ticket's customer once done (the audit page's last line of the trail): who asked, when, how many keys; no erased value. */
const customerErasureOf = async (eventStore: EventStore, customerId: unknown) => {
  if (typeof customerId !== 'string') return null;
  const erasure = (await loadStream(eventStore, customerStream(customerId), customerDecider)).state?.erasure ?? null;
  if (erasure === null || erasure.status !== 'erased') return null;
  return { erasureId: erasure.erasureId, requestedBy: erasure.requestedBy, requestedAt: erasure.requestedAt, erasedAt: erasure.finishedAt, keys: erasure.counts?.keys ?? 0 };
};

/**
 * GET /apis/tickets/{ticketId}/events: the ticket's stream, oldest first, for auditors: each event
 * with its id, type, data, metadata (account, token id, request, correlation and causation ids),
 * revision, global position and time. `asStored`: the data as the log stores it, personal values
 * sealed (what the event's leaf and proof are over). `customerErasure`: the erasure of the ticket's
 * customer, once done (null otherwise).
 */
export const ticketEvents = async (deps: TicketDetailsDeps, principal: Principal, ticketId: string, asStored = false): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const events = [];
  for await (const e of deps.eventStore.readStream(ticketStream(ticketId), { asStored })) {
    if (events.length === 0 && (e.data as { accountId?: unknown }).accountId !== principal.accountId) return NOT_FOUND();
    events.push({
      id: e.id, type: e.type, revision: Number(e.revision),
      position: { commit: e.position.commit.toString(), prepare: e.position.prepare.toString() },
      created: e.created.toISOString(), data: e.data, metadata: e.metadata,
    });
  }
  if (events.length === 0) return NOT_FOUND();
  const customerErasure = await customerErasureOf(deps.eventStore, (events[0].data as { customerId?: unknown }).customerId);
  return ok({ success: true, ticketId, events, customerErasure });
};
