import Router from '@koa/router';
import { authenticate, respond } from '@support/http-edge';
import { Principal } from '@support/domain';
import { addTicketListRoute, TicketListRouteDeps } from './list-tickets-route';
import { ticketDetails, TicketDetailsDeps, ticketEvents } from './ticket-details';

/** The ticket query routes: the list (docs/api/ticket-list.md), one ticket and its history (agent workspace). */
export const ticketQueryRoutes = (deps: TicketListRouteDeps & TicketDetailsDeps): Router => {
  const router = new Router();
  addTicketListRoute(router, deps);
  router.get('/apis/tickets/:ticketId', authenticate(deps.directory), async (ctx) => {
    respond(ctx, await ticketDetails(deps, ctx.state.principal as Principal, ctx.params.ticketId));
  });
  router.get('/apis/tickets/:ticketId/events', authenticate(deps.directory), async (ctx) => {
    respond(ctx, await ticketEvents(deps, ctx.state.principal as Principal, ctx.params.ticketId));
  });
  return router;
};
