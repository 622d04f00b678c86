import Router from '@koa/router';
import { authenticate, LimiterFactory, rateLimit, respond } from '@support/http-edge';
import { AccountDirectory, Clock, Principal } from '@support/domain';
import { commandContext } from '../../shared/command-context';
import { ManualTicketDeps } from '../create-manual-ticket';
import { splitTicket } from './split-ticket';

/**
 * POST /apis/tickets/{ticketId}/split: a new ticket takes the named interactions (docs/api/merge-and-split.md);
 * a new ticket, so it counts against the manual ticket route's limits.
 */
export const addSplitRoute = (router: Router, deps: ManualTicketDeps & { readonly directory: () => AccountDirectory; readonly clock: Clock; readonly limiters: LimiterFactory }): void => {
  router.post('/apis/tickets/:ticketId/split', authenticate(deps.directory), rateLimit('manualTicket', deps.limiters), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const body = ctx.state.bodyPresent ? ctx.request.body : undefined;
    respond(ctx, await splitTicket(deps, principal, commandContext(ctx, principal, deps.clock.now()), ctx.params.ticketId, body));
  });
};
