import Router from '@koa/router';
import { createManualTicketRoute, ManualTicketRouteDeps } from './create-manual-ticket.route';
import { addChildTicketRoute, addLifecycleRoutes } from './lifecycle';

/** Command routes of tickets: manual creation (docs/api/tickets.md) and the agent workspace (docs/api/agent-workspace.md). */
export const ticketCommandRoutes = (deps: ManualTicketRouteDeps): Router => {
  const router = new Router();
  createManualTicketRoute(router, deps);
  addChildTicketRoute(router, deps);
  addLifecycleRoutes(router, deps);
  return router;
};
