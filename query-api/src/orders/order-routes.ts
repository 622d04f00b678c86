import Router from '@koa/router';
import { OrderRoutesDeps } from './order-routes-deps';
import { orderDetailsRoute } from './order-details-route';
import { orderListRoute } from './order-list-route';

/** The agent-facing order routes (an addition to the spec), through each account's store system. */
export const orderRoutes = (deps: OrderRoutesDeps): Router => {
  const router = new Router();
  orderListRoute(router, deps);
  orderDetailsRoute(router, deps);
  return router;
};
