import { ActionRunner, ChatAppClient, ConfiguredHttp, Logger, OrderLookup, StoreCallsFor, storeOrderLookup } from '@support/domain';
import {
  BreakerKey, BreakerState, breakingChatApp, breakingConfiguredHttp, breakingStoreCalls, configuredActionRunner, DependencyBreakers, fetchConfiguredHttp, storeCallsFor,
  whatsAppCloudClient,
} from '@support/adapters';
import { ServiceMetrics } from './metrics';

interface Integrations {
  readonly http: ConfiguredHttp;
  readonly actions: ActionRunner;
  readonly orders: OrderLookup;
  /** The store system's calls (the agent's order routes), through the same breakers as `orders`. */
  readonly storeCalls: StoreCallsFor;
  /** The chat app (WhatsApp Cloud API), for template sync and send and the delivery worker. */
  readonly chatApp: ChatAppClient;
}

/** A breaker's change of state: a log line and the breaker-state metric. */
const toldBreakers = (logger: Logger, metrics: ServiceMetrics): DependencyBreakers =>
  new DependencyBreakers((key: BreakerKey, state: BreakerState) => {
    const labels = { dependency: key.dependency, account: key.accountId };
    metrics.breakerOpen.set(labels, state === 'closed' ? 0 : state === 'half-open' ? 0.5 : 1);
    const fields = { dependency: key.dependency, accountId: key.accountId, target: key.target, state };
    if (state === 'open') logger.warn('circuit breaker opened: calls fail at once for a cool-down', fields);
    else logger.info(`circuit breaker ${state}`, fields);
  });

/**
 * Outgoing integrations: configured HTTP requests (integration data points and execute actions), the
 * store system and the chat app, each through a circuit breaker per account and target.
 */
export const buildIntegrations = (fetchImpl: typeof fetch, logger: Logger, metrics: ServiceMetrics): Integrations => {
  const breakers = toldBreakers(logger, metrics);
  const http = breakingConfiguredHttp(fetchConfiguredHttp(fetchImpl), breakers);
  const actions: ActionRunner = configuredActionRunner(http);
  const storeCalls = breakingStoreCalls(storeCallsFor({ fetch: fetchImpl }), breakers);
  const chatApp = breakingChatApp(whatsAppCloudClient(fetchImpl), breakers);
  return { http, actions, orders: storeOrderLookup(storeCalls), storeCalls, chatApp };
};
