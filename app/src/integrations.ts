import { ActionRunner, ConfiguredHttp, OrderLookup, storeOrderLookup } from '@support/domain';
import { configuredActionRunner, fetchConfiguredHttp, storeCallsFor } from '@support/adapters';

export interface Integrations {
  readonly http: ConfiguredHttp;
  readonly actions: ActionRunner;
  readonly orders: OrderLookup;
}

/** Outgoing integrations: configured HTTP requests, execute actions, the store system. */
export const buildIntegrations = (fetchImpl: typeof fetch): Integrations => {
  const http = fetchConfiguredHttp(fetchImpl);
  const actions: ActionRunner = configuredActionRunner(http);
  const orders: OrderLookup = storeOrderLookup(storeCallsFor({ fetch: fetchImpl }));
  return { http, actions, orders };
};
