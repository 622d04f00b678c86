import Router from '@koa/router';
import { authenticate, rateLimit, respond, LimiterFactory } from '@support/http-edge';
import { AccountDirectory, Principal } from '@support/domain';
import { createManualTicket, ManualTicketDeps } from './create-manual-ticket';

const MANUAL_TICKET_PATH = '/apis/tickets/manual';

export interface ManualTicketRouteDeps extends ManualTicketDeps {
  readonly directory: () => AccountDirectory;
  readonly limiters: LimiterFactory;
}

/** POST /apis/tickets/manual: 401 without credentials, 403 "Not authorized" for an invalid token, docs/api/README.md (Rate limits) limits. */
export const createManualTicketRoute = (router: Router, deps: ManualTicketRouteDeps): void => {
  router.post(MANUAL_TICKET_PATH, authenticate(deps.directory), rateLimit('manualTicket', deps.limiters), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    respond(ctx, await createManualTicket(deps, principal, ctx.state.requestId as string, ctx.request.body, ctx.state.bodyPresent === true));
  });
};
