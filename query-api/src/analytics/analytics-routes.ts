import Router from '@koa/router';
import { ReadModelQueryDeps, readModelRoutes } from './read-model-routes';

/** The analysts' read-only routes: MongoDB query documents against the live read models. */
export const analyticsRoutes = (deps: ReadModelQueryDeps): Router => {
  const router = new Router();
  readModelRoutes(router, deps);
  return router;
};
