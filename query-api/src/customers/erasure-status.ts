import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, HttpAnswer, HttpProblem, ok, problem, respond } from '@support/http-edge';
import { AccountDirectory, customerDecider, customerStream, ERASURE_ADMINS_ONLY, erasureView, EventStore, Principal } from '@support/domain';
import { loadStream } from '@support/event-sourcing';

export interface ErasureStatusDeps {
  readonly eventStore: EventStore;
  readonly directory: () => AccountDirectory;
}

const notFound = (): HttpProblem => problem(404, 'Erasure not found: no customer with this id in this account, or none of its data was asked to be erased');

/** GET /apis/customers/{customerId}/erasure (docs/api/erasure.md): the customer's latest erasure, read from its stream (no read model lags it). */
export const erasureStatus = async (deps: ErasureStatusDeps, principal: Principal, customerId: string): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  if (principal.role !== 'admin') return E.left(problem(403, ERASURE_ADMINS_ONLY));
  const { state } = await loadStream(deps.eventStore, customerStream(customerId), customerDecider);
  if (state === null || state.accountId !== principal.accountId || state.erasure === null) return E.left(notFound());
  return ok(erasureView(customerId, state.erasure));
};

export const erasureQueryRoutes = (deps: ErasureStatusDeps): Router => {
  const router = new Router();
  router.get('/apis/customers/:customerId/erasure', authenticate(deps.directory), async (ctx) => {
    respond(ctx, await erasureStatus(deps, ctx.state.principal as Principal, ctx.params.customerId));
  });
  return router;
};
