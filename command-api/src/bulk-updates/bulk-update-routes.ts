import Router from '@koa/router';
import { authenticate, respond } from '@support/http-edge';
import { Principal } from '@support/domain';
import { commandContext } from '../shared/command-context';
import { jobStartRoute } from '../shared/job-start-route';
import { BULK_UPDATE_PATH, BulkUpdateDeps } from './bulk-update-deps';
import { cancelBulkUpdate } from './cancel-bulk-update';
import { startBulkUpdate } from './start-bulk-update';

/** The bulk-update command routes (docs/api/bulk-updates.md): start, rate-limited per account, and cancel. */
export const bulkUpdateRoutes = (deps: BulkUpdateDeps): Router => {
  const router = new Router();
  jobStartRoute(router, deps, {
    path: BULK_UPDATE_PATH, limit: 'ticketBulkUpdate', start: startBulkUpdate, crashed: 'bulk update start crashed', crashMessage: 'Failed to queue the bulk update: try again shortly',
  });
  router.post(`${BULK_UPDATE_PATH}/:jobId/cancel`, authenticate(deps.directory), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    respond(ctx, await cancelBulkUpdate(deps, principal, ctx.params.jobId, commandContext(ctx, principal, deps.clock.now())));
  });
  return router;
};
