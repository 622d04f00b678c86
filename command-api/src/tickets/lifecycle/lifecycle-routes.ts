import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, LimiterFactory, rateLimit, respond } from '@support/http-edge';
import { AccountDirectory, Clock, Principal } from '@support/domain';
import { commandContext } from '../../shared/command-context';
import { LIFECYCLE_COMMANDS, toLifecycleCommand } from './lifecycle-commands';
import { ticketProblem } from './ticket-problem';
import { ChildTicketDeps, createChildTicket } from './create-child-ticket';
import { workedAnswer, workTicket, WorkTicketDeps } from './work-ticket';

interface LifecycleRouteDeps extends WorkTicketDeps {
  readonly directory: () => AccountDirectory;
  readonly clock: Clock;
}

const TICKET_PATH = '/apis/tickets/:ticketId';

/** POST /apis/tickets/{ticketId}/<command>: authenticated, scoped to the token's account, one event (or none) on the ticket's stream. */
export const addLifecycleRoutes = (router: Router, deps: LifecycleRouteDeps): void => {
  for (const command of LIFECYCLE_COMMANDS) {
    router.post(`${TICKET_PATH}${command.path}`, authenticate(deps.directory), async (ctx) => {
      const principal = ctx.state.principal as Principal;
      const now = deps.clock.now();
      const made = toLifecycleCommand(command, {
        principal, params: ctx.params as Record<string, string>, body: ctx.state.bodyPresent ? ctx.request.body : undefined, at: now.toISOString(),
      });
      if (E.isLeft(made)) return respond(ctx, E.left(ticketProblem(made.left)));
      const worked = await workTicket(deps, commandContext(ctx, principal, now), ctx.params.ticketId, made.right);
      respond(ctx, E.isLeft(worked) ? worked : workedAnswer(worked.right));
    });
  }
};

/** POST /apis/tickets/{ticketId}/children: answers the new ticket's ticketId; a new ticket, so it counts against the manual ticket route's limits. */
export const addChildTicketRoute = (router: Router, deps: LifecycleRouteDeps & ChildTicketDeps & { readonly limiters: LimiterFactory }): void => {
  router.post(`${TICKET_PATH}/children`, authenticate(deps.directory), rateLimit('manualTicket', deps.limiters), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    respond(ctx, await createChildTicket(deps, principal, commandContext(ctx, principal, deps.clock.now()), ctx.params.ticketId, ctx.state.bodyPresent ? ctx.request.body : undefined));
  });
};
