import Router from '@koa/router';
import { authenticate, LimiterFactory, rateLimit, respond } from '@support/http-edge';
import { AccountDirectory } from '@support/domain';
import { listTickets, ListTicketsDeps } from './list-tickets';

export interface TicketListRouteDeps extends ListTicketsDeps {
  readonly directory: () => AccountDirectory;
  readonly limiters: LimiterFactory;
}

const TICKET_LIST_PATH = '/apis/task-runs/tickets/list';

/** Authenticated (401/403 "Not authorized"), limited per access token (docs/api/README.md, Rate limits), body optional. */
export const addTicketListRoute = (router: Router, deps: TicketListRouteDeps): void => {
  router.post(TICKET_LIST_PATH, authenticate(deps.directory), rateLimit('ticketList', deps.limiters), async (ctx) => {
    const body = ctx.state.bodyPresent ? ctx.request.body : undefined;
    respond(ctx, await listTickets(deps, ctx.state.principal, body, { deadline: ctx.state.deadline }));
  });
};
