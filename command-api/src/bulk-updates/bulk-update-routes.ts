import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, problem, rateLimit, respond } from '@support/http-edge';
import { Principal } from '@support/domain';
import { commandContext } from '../shared/command-context';
import { BULK_UPDATE_PATH, BulkUpdateDeps } from './bulk-update-deps';
import { cancelBulkUpdate } from './cancel-bulk-update';
import { startBulkUpdate } from './start-bulk-update';

/** The bulk-update command routes (docs/api/bulk-updates.md): start, rate-limited per account, and cancel. */
export const bulkUpdateRoutes = (deps: BulkUpdateDeps): Router => {
  const router = new Router();
  router.post(BULK_UPDATE_PATH, authenticate(deps.directory), rateLimit('ticketBulkUpdate', deps.limiters), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    try {
      respond(ctx, await startBulkUpdate(deps, principal, ctx.state.bodyPresent ? ctx.request.body : undefined, commandContext(ctx, principal, deps.clock.now())));
    } catch (e) {
      deps.logger.error('bulk update start crashed', { requestId: ctx.state.requestId, accountId: principal.accountId, errorName: (e as Error).name, errorMessage: (e as Error).message });
      respond(ctx, E.left(problem(500, 'Failed to queue the bulk update: try again shortly')));
    }
  });
  router.post(`${BULK_UPDATE_PATH}/:jobId/cancel`, authenticate(deps.directory), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    respond(ctx, await cancelBulkUpdate(deps, principal, ctx.params.jobId, commandContext(ctx, principal, deps.clock.now())));
  });
  return router;
};
