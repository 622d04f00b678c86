import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, problem, rateLimit, respond } from '@support/http-edge';
import { Principal } from '@support/domain';
import { commandContext } from '../shared/command-context';
import { StartExportDeps } from './export-deps';
import { EXPORT_PATH, startExport } from './start-export';

/** The export command route: 401/403 by token, 200 starts per hour per token (docs/api/README.md, Rate limits), body optional. */
export const exportCommandRoutes = (deps: StartExportDeps): Router => {
  const router = new Router();
  router.post(EXPORT_PATH, authenticate(deps.directory), rateLimit('ticketExport', deps.limiters), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    try {
      respond(ctx, await startExport(deps, principal, ctx.state.bodyPresent ? ctx.request.body : undefined, commandContext(ctx, principal, deps.clock.now())));
    } catch (e) {
      deps.logger.error('export start crashed', { requestId: ctx.state.requestId, accountId: principal.accountId, errorName: (e as Error).name, errorMessage: (e as Error).message });
      respond(ctx, E.left(problem(500, 'Failed to enqueue the ticket export: try again shortly')));
    }
  });
  return router;
};
