import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, problem, respond } from '@support/http-edge';
import { Principal } from '@support/domain';
import { exportStatus } from './export-status';
import { ExportStatusDeps } from './export-status-deps';

const EXPORT_STATUS_PATH = '/apis/task-runs/tickets/export/:jobId';

/** The export status route of the query API (docs/api/exports.md, Poll). */
export const exportQueryRoutes = (deps: ExportStatusDeps): Router => {
  const router = new Router();
  router.get(EXPORT_STATUS_PATH, authenticate(deps.directory), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    try {
      respond(ctx, await exportStatus(deps, principal, ctx.params.jobId));
    } catch (e) {
      deps.logger.error('export status crashed', { requestId: ctx.state.requestId, accountId: principal.accountId, errorName: (e as Error).name });
      respond(ctx, E.left(problem(500, 'Failed to fetch the ticket export: try again shortly')));
    }
  });
  return router;
};
