import * as E from 'fp-ts/Either';
import { ChatApp, ChatAppClient, ChatAppFailure, ConfiguredHttp, OrderLookupError, StoreCalls, StoreCallsFor } from '@support/domain';
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

/**
 * The chat app (WhatsApp Cloud API) through a breaker per business account and platform origin: a
 * retryable failure (no answer, 5xx; the client has already retried it a few times) is a failure;
 * an open breaker answers at once with a retryable network failure that says so, so a delivery is
 * tried again later.
 */
export const breakingChatApp = (client: ChatAppClient, breakers: DependencyBreakers): ChatAppClient => {
  const keyOf = (chatApp: ChatApp) => ({ dependency: 'chat-app' as const, accountId: chatApp.businessAccountId ?? chatApp.phoneNumberId ?? '', target: originOf(chatApp.apiBaseUrl ?? '') });
  // A 429 is the platform pacing us, not failing: it does not count.
  const isFailure = <T>(answer: E.Either<ChatAppFailure, T>) =>
    E.isLeft(answer) && answer.left.retryable && (answer.left.kind !== 'platform' || (answer.left.httpStatus ?? 0) >= 500);
  const whenOpen = <T>() => (): E.Either<ChatAppFailure, T> =>
    E.left({ kind: 'network', code: 'network', message: paused('the messaging platform'), retryable: true, calls: 0 });
  return {
    listTemplates: (chatApp) => breakers.run(keyOf(chatApp), () => client.listTemplates(chatApp), isFailure, whenOpen()),
    sendTemplate: (chatApp, message) => breakers.run(keyOf(chatApp), () => client.sendTemplate(chatApp, message), isFailure, whenOpen()),
  };
};
