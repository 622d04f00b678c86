import Router from '@koa/router';
import { addTicketListRoute, TicketListRouteDeps } from './list-tickets-route';

/** The ticket query routes (list). */
export const ticketQueryRoutes = (deps: TicketListRouteDeps): Router => {
  const router = new Router();
  addTicketListRoute(router, deps);
  return router;
};
