import Router from '@koa/router';
import { authenticate, respond } from '@support/http-edge';
import { AccountDirectory, Principal } from '@support/domain';
import { bulkStatus, BulkStatusDeps } from './bulk-status';

/** The bulk update's status route of the query API (docs/api/bulk-updates.md, Status). */
export const bulkUpdateQueryRoutes = (deps: BulkStatusDeps & { readonly directory: () => AccountDirectory }): Router => {
  const router = new Router();
  router.get('/apis/tickets/bulk/:jobId', authenticate(deps.directory), async (ctx) => {
    const deadline = typeof ctx.state.deadline === 'number' ? { deadline: ctx.state.deadline as number } : {};
    respond(ctx, await bulkStatus(deps, ctx.state.principal as Principal, ctx.params.jobId, ctx.query, deadline));
  });
  return router;
};
