import Router from '@koa/router';
import { authenticate, respond } from '@support/http-edge';
import { AccountDirectory, Clock, Principal } from '@support/domain';
import { commandContext } from '../../shared/command-context';
import { WorkTicketDeps } from '../lifecycle/work-ticket';
import { mergeTickets } from './merge-tickets';

interface MergeRouteDeps extends WorkTicketDeps {
  readonly directory: () => AccountDirectory;
  readonly clock: Clock;
}

/** POST /apis/tickets/{targetId}/merge: the sources closed as merged into the target (docs/api/merge-and-split.md). */
export const addMergeRoute = (router: Router, deps: MergeRouteDeps): void => {
  router.post('/apis/tickets/:ticketId/merge', authenticate(deps.directory), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const body = ctx.state.bodyPresent ? ctx.request.body : undefined;
    respond(ctx, await mergeTickets(deps, principal, commandContext(ctx, principal, deps.clock.now()), ctx.params.ticketId, body));
  });
};
