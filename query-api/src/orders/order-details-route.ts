import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, ok, respond } from '@support/http-edge';
import { Principal } from '@support/domain';
import { OrderRoutesDeps } from './order-routes-deps';
import { storeProblem } from './store-problem';

/**
 * GET /apis/orders/{orderId} (an addition to the spec): the details of one order from the account's
 * store system, the opaque order id passed on unchanged (URL-encode it in the path), the answer as
 * the store returned it (masked by the store; secrets never pass).
 */
export const orderDetailsRoute = (router: Router, deps: OrderRoutesDeps): void => {
  router.get('/apis/orders/:orderId', authenticate(deps.directory), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const calls = deps.storeCalls(principal.account);
    if (calls === null) return respond(ctx, E.left(storeProblem({ kind: 'notConfigured' })));
    const details = await calls.orderDetails(ctx.params.orderId);
    if (E.isLeft(details)) {
      if (details.left.kind !== 'orderNotFound') {
        deps.logger.warn('order details failed', { requestId: ctx.state.requestId, accountId: principal.accountId, kind: details.left.kind });
      }
      return respond(ctx, E.left(storeProblem(details.left)));
    }
    respond(ctx, ok({ order: details.right.value, storeRequestIds: details.right.requestIds }));
  });
};
