import * as E from 'fp-ts/Either';
import { ActionRunner, ConfiguredHttp, OrderLookup } from '@support/domain';
import { configuredActionRunner, fetchConfiguredHttp } from '@support/adapters';

export interface Integrations {
  readonly http: ConfiguredHttp;
  readonly actions: ActionRunner;
  readonly orders: OrderLookup;
}

/** Outgoing integrations: configured HTTP requests, execute actions, the store system. */
export const buildIntegrations = (fetchImpl: typeof fetch): Integrations => {
  const http = fetchConfiguredHttp(fetchImpl);
  const actions: ActionRunner = configuredActionRunner(http);
  // INTERIM (replaced by the order-lookup feature): no store system is reachable yet.
  const orders: OrderLookup = {
    listOrders: async () => E.left({ kind: 'notConfigured' }),
    orderDetails: async () => E.left({ kind: 'notConfigured' }),
    orderForTicket: async () => E.left({ kind: 'notConfigured' }),
  };
  return { http, actions, orders };
};
