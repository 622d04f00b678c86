import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, ok, respond } from '@support/http-edge';
import { findOrders, Principal } from '@support/domain';
import { decodeLookupQuery } from './lookup-query';
import { OrderRoutesDeps } from './order-routes-deps';
import { storeProblem } from './store-problem';

/**
 * GET /apis/orders?phone=…|email=… (an addition to the spec): the orders of a customer in the
 * account's store system, as safe summaries newest first (order number, date, status, total), the
 * choice the agent offers, and the customer context when the store's list carries it (masked by the
 * store). Phone first, then email, when both are sent: the first with orders answers.
 */
export const orderListRoute = (router: Router, deps: OrderRoutesDeps): void => {
  router.get('/apis/orders', authenticate(deps.directory), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const who = decodeLookupQuery(ctx.query);
    if (E.isLeft(who)) return respond(ctx, who);
    const calls = deps.storeCalls(principal.account);
    if (calls === null) return respond(ctx, E.left(storeProblem({ kind: 'notConfigured' })));
    const found = await findOrders(calls, who.right, principal.account.defaultPhoneCountry);
    if (E.isLeft(found)) {
      deps.logger.warn('order lookup failed', { requestId: ctx.state.requestId, accountId: principal.accountId, kind: found.left.kind });
      return respond(ctx, E.left(storeProblem(found.left)));
    }
    const f = found.right;
    respond(
      ctx,
      ok({
        orders: f.summaries,
        choice: f.choice,
        customer: f.customer,
        matchedBy: f.identifier?.kind ?? null,
        truncated: f.truncated,
        storeRequestIds: f.requestIds,
      }),
    );
  });
};
