import http from 'node:http';
import { AddressInfo } from 'node:net';

/** One request the fake external systems received. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly body: unknown;
}

interface FakeOrder {
  readonly order_id: string;
  readonly order_number: string;
  readonly order_status: string;
  readonly payment_status?: string;
  readonly created_at?: string;
  readonly [key: string]: unknown;
}

/** What the fakes answer; tests change it between requests. */
interface FakeState {
  /** Orders of the store system for every customer (newest first). */
  orders: FakeOrder[];
  /** Store system answers 503 to every call. */
  storeDown: boolean;
  /** Loyalty tier by phone (integration data point); absent phone: 404. */
  tiers: Record<string, string>;
  /** Integration answers this status instead (e.g. 500). */
  tierStatus: number | null;
  /** Body of the eligibility action's answer. */
  eligibility: { eligible: boolean; reason: string };
  /** Status of the eligibility action's answer. */
  eligibilityStatus: number;
  /** Status of the notify action's answer. */
  notifyStatus: number;
}

export interface FakeExternal {
  readonly url: string;
  readonly state: FakeState;
  readonly received: ReceivedRequest[];
  calls(pathPrefix: string): ReceivedRequest[];
  /** Back to the initial answers, with no requests recorded. */
  reset(): void;
  stop(): Promise<void>;
}

const initialState = (): FakeState => ({
  orders: [{ order_id: 'ord-1', order_number: '#1001', order_status: 'delivered', payment_status: 'paid', created_at: '2026-01-05T10:00:00Z' }],
  storeDown: false,
  tiers: {},
  tierStatus: null,
  eligibility: { eligible: true, reason: 'within window' },
  eligibilityStatus: 200,
  notifyStatus: 200,
});

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

/**
 * The external systems of the example configuration on one loopback port: the store system
 * (docs/api/orders.md: /orders, /orders/{id}), the loyalty-tier integration (/tiers/{phone}) and the execute
 * actions' API (/eligibility/{orderId}, /notify). Every request is recorded.
 */
export const startFakeExternal = async (): Promise<FakeExternal> => {
  const state = initialState();
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        body = text;
      }
      const path = decodeURIComponent(url.pathname);
      received.push({ method: req.method ?? 'GET', path, query: Object.fromEntries(url.searchParams), body });

      if (path === '/orders' || path.startsWith('/orders/')) {
        if (state.storeDown) return json(res, 503, { error: { code: 'unavailable', message: 'try later' } });
        if (path === '/orders') {
          const orders = state.orders.map((o) => ({ total: { amount: '10.00', currency: 'USD' }, created_at: '2026-01-01T00:00:00Z', ...o }));
          return json(res, 200, { orders, next_cursor: null });
        }
        const order = state.orders.find((o) => o.order_id === path.slice('/orders/'.length));
        return order ? json(res, 200, { ...order, created_at: order.created_at ?? '2026-01-01T00:00:00Z' }) : json(res, 404, { error: 'order_not_found' });
      }
      if (path.startsWith('/tiers/')) {
        if (state.tierStatus !== null) return json(res, state.tierStatus, { error: 'boom' });
        const tier = state.tiers[path.slice('/tiers/'.length)];
        return tier ? json(res, 200, { tier }) : json(res, 404, { error: 'unknown customer' });
      }
      if (path.startsWith('/eligibility/')) return json(res, state.eligibilityStatus, state.eligibility);
      if (path === '/notify') return json(res, state.notifyStatus, { notified: true });
      return json(res, 404, { error: 'no such route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    received,
    calls: (prefix) => received.filter((r) => r.path.startsWith(prefix)),
    reset: () => {
      Object.assign(state, initialState());
      received.length = 0;
    },
    stop: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
};
