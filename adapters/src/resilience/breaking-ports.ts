import * as E from 'fp-ts/Either';
import { ConfiguredHttp, OrderLookupError, StoreCalls, StoreCallsFor } from '@support/domain';
import { DEFAULT_BREAKER_SETTINGS, DependencyBreakers, originOf } from './dependency-breakers';

const paused = (target: string): string =>
  `${target} keeps failing (timeouts, connection errors or 5xx): calls to it are paused for ${DEFAULT_BREAKER_SETTINGS.coolDownMs / 1000} s (circuit breaker open)`;

/**
 * Configured HTTP calls (integration data points, execute actions) through a breaker per account,
 * purpose and target origin: no answer, or a 5xx, is a failure; an open breaker answers at once
 * with a network failure that says so.
 */
export const breakingConfiguredHttp = (http: ConfiguredHttp, breakers: DependencyBreakers): ConfiguredHttp => ({
  call: (request, options) => {
    const target = originOf(request.url);
    return breakers.run(
      { dependency: options.caller?.purpose ?? 'integration', accountId: options.caller?.accountId ?? '', target },
      () => http.call(request, options),
      (answer) => E.isLeft(answer) ? answer.left.kind !== 'invalidUrl' : answer.right.status >= 500,
      () => E.left({ kind: 'network', message: paused(target), durationMs: 0 }),
    );
  },
});

/** The store system's calls through a breaker per account and store: `unavailable` (no answer, 5xx) is a failure. */
export const breakingStoreCalls = (callsFor: StoreCallsFor, breakers: DependencyBreakers): StoreCallsFor => (account) => {
  const calls = callsFor(account);
  if (calls === null || account.store === undefined) return calls;
  const key = { dependency: 'store' as const, accountId: account.id, target: originOf(account.store.baseUrl) };
  const through = <T>(work: () => Promise<E.Either<OrderLookupError, T>>): Promise<E.Either<OrderLookupError, T>> =>
    breakers.run(key, work, (answer) => E.isLeft(answer) && answer.left.kind === 'unavailable', () => E.left({ kind: 'unavailable', message: paused('the store system') }));
  const wrapped: StoreCalls = {
    listOrders: (id, options) => through(() => calls.listOrders(id, options)),
    orderDetails: (orderId) => through(() => calls.orderDetails(orderId)),
    customerLookup: (id) => through(() => calls.customerLookup(id)),
  };
  return wrapped;
};
