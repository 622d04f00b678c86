import Router from '@koa/router';
import { createManualTicketRoute, ManualTicketRouteDeps } from './create-manual-ticket.route';

/** Command routes of tickets. */
export const ticketCommandRoutes = (deps: ManualTicketRouteDeps): Router => {
  const router = new Router();
  createManualTicketRoute(router, deps);
  return router;
};
