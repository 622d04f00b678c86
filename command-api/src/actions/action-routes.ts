import Router from '@koa/router';
import { ActionRouteDeps } from './action-deps';
import { runActionRoute } from './run-action-route';

/** The execute-action routes of the command API. */
export const actionRoutes = (deps: ActionRouteDeps): Router => {
  const router = new Router();
  runActionRoute(router, deps);
  return router;
};
