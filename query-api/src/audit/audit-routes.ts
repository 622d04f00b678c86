import Router from '@koa/router';
import { EventFeedDeps, eventFeedRoute } from './event-feed-route';

/** The auditors' read-only routes: the event log of the running service. */
export const auditRoutes = (deps: EventFeedDeps): Router => {
  const router = new Router();
  eventFeedRoute(router, deps);
  return router;
};
