import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, problem, rateLimit, respond } from '@support/http-edge';
import { Principal } from '@support/domain';
import { addTicketListRoute, TicketListRouteDeps } from './list-tickets-route';
import { ticketDetails, TicketDetailsDeps, ticketEvents } from './ticket-details';
import { ticketSla, TicketSlaDeps } from './ticket-sla';
import { slaQueue } from './sla-queue';
import { ticketMerge } from './ticket-merge';

/** The ticket query routes: the list (docs/api/ticket-list.md), one ticket, its history and its SLA targets (agent workspace), the SLA queue. */
export const ticketQueryRoutes = (deps: TicketListRouteDeps & TicketDetailsDeps & TicketSlaDeps): Router => {
  const router = new Router();
  addTicketListRoute(router, deps);
  router.get('/apis/tickets/:ticketId', authenticate(deps.directory), async (ctx) => {
    respond(ctx, await ticketDetails(deps, ctx.state.principal as Principal, ctx.params.ticketId));
  });
  router.get('/apis/tickets/:ticketId/events', authenticate(deps.directory), async (ctx) => {
    const stored = ctx.query.stored;
    if (stored !== undefined && stored !== 'true' && stored !== 'false') {
      respond(ctx, E.left(problem(400, `stored must be true or false, got '${String(stored)}'`, { field: 'stored' })));
      return;
    }
    respond(ctx, await ticketEvents(deps, ctx.state.principal as Principal, ctx.params.ticketId, stored === 'true'));
  });
  router.get('/apis/tickets/:ticketId/merge', authenticate(deps.directory), async (ctx) => {
    respond(ctx, await ticketMerge(deps, ctx.state.principal as Principal, ctx.params.ticketId));
  });
  router.get('/apis/sla/queue', authenticate(deps.directory), rateLimit('ticketList', deps.limiters), async (ctx) => {
    respond(ctx, await slaQueue(deps, ctx.state.principal as Principal, ctx.query, { deadline: ctx.state.deadline, broad: true }));
  });
  router.get('/apis/tickets/:ticketId/sla', authenticate(deps.directory), async (ctx) => {
    respond(ctx, await ticketSla(deps, ctx.state.principal as Principal, ctx.params.ticketId));
  });
  return router;
};
