import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import {
  Clock, decodeSlaQueueRequest, FieldMatch, Principal, ReadModels, ReadOptions, SlaTarget, targetStateNow, TicketDocument, TICKETS_COLLECTION,
} from '@support/domain';

export interface SlaQueueDeps {
  readonly readModels: ReadModels;
  readonly clock: Clock;
}

const MINUTE_MS = 60_000;

/** One ticket of the queue: who and where it is, its next due moment, and each target's due moment and state now. */
const queueItem = (doc: TicketDocument, nowMs: number) => ({
  id: doc._id,
  ticketNumber: doc.ticketNumber,
  status: doc.status,
  assignedToId: doc.assignedToId ?? null,
  createdAt: doc.createdAt,
  nextDueAt: doc.slaNextDueAt ?? null,
  targets: (doc.slaTargets ?? []).map((t: SlaTarget, i) => ({ label: t.label, metric: t.metric, dueAt: t.dueAt, state: targetStateNow(doc, t, i, nowMs) })),
});

/**
 * GET /apis/sla/queue: the account's tickets by SLA standing. `pending` (the default): the
 * tickets with a target still waiting for its metric, soonest due first (overdue ones first of
 * all), optionally only those due within `dueWithinMinutes`; `breached` and `met`: newest first.
 */
export const slaQueue = async (
  deps: SlaQueueDeps, principal: Principal, query: Readonly<Record<string, unknown>>, options: ReadOptions = {},
): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const request = decodeSlaQueueRequest(query);
  if (E.isLeft(request)) return E.left(problem(400, request.left.message, request.left.field === undefined ? {} : { field: request.left.field }));
  const { state, dueWithinMinutes, page, limit } = request.right;
  const nowMs = deps.clock.now().getTime();
  const where: FieldMatch = {
    accountId: principal.accountId,
    slaState: state,
    ...(dueWithinMinutes !== null ? { slaNextDueAt: { lte: new Date(nowMs + dueWithinMinutes * MINUTE_MS).toISOString() } } : {}),
  };
  const sort: Record<string, 1 | -1> = state === 'pending' ? { slaNextDueAt: 1 } : { createdAt: -1 };
  const [docs, total] = await Promise.all([
    deps.readModels.find<TicketDocument>(TICKETS_COLLECTION, { where, sort, skip: (page - 1) * limit, limit }, options),
    deps.readModels.count(TICKETS_COLLECTION, where, options),
  ]);
  return ok({ success: true, state, total, page, limit, tickets: docs.map((d) => queueItem(d, nowMs)) });
};
