import { StoreIdentifier, StoreSystem } from '@support/domain';

const DEFAULT_STORE_ROUTES = { orderList: '/orders', orderDetails: '/orders/{order_id}', customerLookup: '/customers/lookup' } as const;

const join = (baseUrl: string, route: string): string => `${baseUrl.replace(/\/+$/, '')}/${route.replace(/^\/+/, '')}`;

/** The URLs of one store system's capabilities (operator contract: `store.routes`, with defaults). */
export const storeUrls = (store: StoreSystem) => {
  const routes = { ...DEFAULT_STORE_ROUTES, ...(store.routes ?? {}) };
  const withQuery = (route: string, query: Record<string, string | undefined>): string => {
    const url = new URL(join(store.baseUrl, route));
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
    return url.toString();
  };
  return {
    orderList: (id: StoreIdentifier, cursor: string | undefined, limit: number): string =>
      withQuery(routes.orderList, { [id.kind]: id.value, limit: String(limit), cursor }),
    /** The opaque order_id unchanged, URL-encoded as one path segment. */
    orderDetails: (orderId: string): string => {
      const segment = encodeURIComponent(orderId);
      const route = routes.orderDetails.includes('{order_id}') ? routes.orderDetails.split('{order_id}').join(segment) : join(routes.orderDetails, segment);
      return join(store.baseUrl, route);
    },
    customerLookup: (id: StoreIdentifier): string => withQuery(routes.customerLookup, { [id.kind]: id.value }),
  };
};
