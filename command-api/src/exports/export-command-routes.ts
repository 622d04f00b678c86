import Router from '@koa/router';
import { jobStartRoute } from '../shared/job-start-route';
import { StartExportDeps } from './export-deps';
import { EXPORT_PATH, startExport } from './start-export';

/** The export command route: 401/403 by token, 200 starts per hour per token (docs/api/README.md, Rate limits), body optional. */
export const exportCommandRoutes = (deps: StartExportDeps): Router => {
  const router = new Router();
  jobStartRoute(router, deps, {
    path: EXPORT_PATH, limit: 'ticketExport', start: startExport, crashed: 'export start crashed', crashMessage: 'Failed to enqueue the ticket export: try again shortly',
  });
  return router;
};
