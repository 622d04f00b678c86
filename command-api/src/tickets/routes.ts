import Router from '@koa/router';
import { createManualTicketRoute, ManualTicketRouteDeps } from './create-manual-ticket.route';
import { addChildTicketRoute, addLifecycleRoutes } from './lifecycle';
import { addMergeRoute } from './merge';
import { addSplitRoute } from './split';

/** Command routes of tickets: manual creation (docs/api/tickets.md), the agent workspace (docs/api/agent-workspace.md), merge and split (docs/api/merge-and-split.md). */
export const ticketCommandRoutes = (deps: ManualTicketRouteDeps): Router => {
  const router = new Router();
  createManualTicketRoute(router, deps);
  addChildTicketRoute(router, deps);
  addLifecycleRoutes(router, deps);
  addMergeRoute(router, deps);
  addSplitRoute(router, deps);
  return router;
};
