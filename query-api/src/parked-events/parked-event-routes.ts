import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { ok, problem, respond } from '@support/http-edge';
import { AccountDirectory, IdGenerator, EventStore } from '@support/domain';
import { readParkedEvents, requestParkedEventRetry } from '@support/event-sourcing';
import { adminAccess, AdminScope } from '../admin-access';

export const PARKED_EVENTS_PATH = '/admin/parked-events';

export interface ParkedEventDeps {
  readonly directory: () => AccountDirectory;
  readonly eventStore: EventStore;
  readonly newId: IdGenerator;
  readonly operatorToken?: string;
  /** The read models of the running service. */
  readonly readModels: readonly string[];
}

const operatorOnly = (scope: AdminScope) =>
  scope.kind === 'operator' ? null : problem(403, `Parked events span every account: use the operator token (OPERATOR_TOKEN) for ${PARKED_EVENTS_PATH}`);

/**
 * The events the projections parked (could not apply after a few tries), operator only:
 * GET /admin/parked-events lists them with their errors; POST
 * /admin/parked-events/{readModel}/{eventId}/retry asks the projection to apply one again in its
 * next batch (202; the one admin route that writes: it records the request in the log). A retry
 * that succeeds leaves the list; one that fails again stays, with its new error.
 */
export const parkedEventRoutes = (deps: ParkedEventDeps): Router => {
  const router = new Router();
  const access = adminAccess(deps);
  router.get(PARKED_EVENTS_PATH, access, async (ctx) => {
    const refused = operatorOnly(ctx.state.adminScope as AdminScope);
    if (refused !== null) return respond(ctx, E.left(refused));
    const data = (await Promise.all(deps.readModels.map((rm) => readParkedEvents(deps.eventStore, rm)))).flat();
    respond(ctx, ok({ data }));
  });
  router.post(`${PARKED_EVENTS_PATH}/:readModel/:eventId/retry`, access, async (ctx) => {
    const refused = operatorOnly(ctx.state.adminScope as AdminScope);
    if (refused !== null) return respond(ctx, E.left(refused));
    const readModel = String(ctx.params.readModel);
    const eventId = String(ctx.params.eventId);
    const parked = deps.readModels.includes(readModel) ? (await readParkedEvents(deps.eventStore, readModel)).find((p) => p.eventId === eventId) : undefined;
    if (parked === undefined) return respond(ctx, E.left(problem(404, `No event ${eventId} is parked in the read model "${readModel}": GET ${PARKED_EVENTS_PATH} lists the parked events`)));
    await requestParkedEventRetry({ eventStore: deps.eventStore, newId: deps.newId }, parked, String(ctx.state.requestId), new Date());
    respond(ctx, ok({ status: 'retry_requested', readModel, eventId }, 202));
  });
  return router;
};
