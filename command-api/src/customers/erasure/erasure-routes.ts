import Router from '@koa/router';
import { authenticate, respond } from '@support/http-edge';
import { AccountDirectory, Clock, Principal } from '@support/domain';
import { commandContext } from '../../shared/command-context';
import { ErasureDeps, requestErasure } from './request-erasure';

/** The erasure's command route (docs/api/erasure.md); its status is a query (query-api/src/customers). */
export const erasureCommandRoutes = (deps: ErasureDeps & { readonly directory: () => AccountDirectory; readonly clock: Clock }): Router => {
  const router = new Router();
  router.post('/apis/customers/:customerId/erasure', authenticate(deps.directory), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    respond(ctx, await requestErasure(deps, principal, ctx.params.customerId, commandContext(ctx, principal, deps.clock.now())));
  });
  return router;
};
