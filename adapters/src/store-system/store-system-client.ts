import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import {
  Account, formatPath, OrderDetails, OrderLookupError, reportErrors, StoreCalls, StoreCallsFor, StoreCustomer, StoreOrderDetails, StoreOrderListItem,
  StoreOrderListPage, StoreSystem, withoutSecrets,
} from '@support/domain';
import { DEFAULT_STORE_RETRY, StoreRetrySettings } from './retry-policy';
import { storeGet, StoreReply, StoreRequestSettings } from './store-request';
import { storeUrls } from './store-routes';

export interface StoreClientOptions {
  readonly fetch: typeof fetch;
  /** X-Request-Id of each call (default: a random uuid). */
  readonly newRequestId?: () => string;
  /** Waiting between attempts (tests pass a recorder). */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  readonly retry?: Partial<StoreRetrySettings>;
  readonly timeoutMs?: number;
  /** Paging cap of the order list: at most this many pages... */
  readonly maxPages?: number;
  /** ...and this many orders. */
  readonly maxOrders?: number;
  /** The limit asked per page (the store applies its own maximum). */
  readonly pageSize?: number;
}

const STORE_CLIENT_DEFAULTS = { timeoutMs: 5_000, maxPages: 10, maxOrders: 500, pageSize: 100, maxResponseBytes: 5 * 1024 * 1024 } as const;

const decode = <A>(codec: t.Decoder<unknown, A>, body: unknown, what: string): E.Either<OrderLookupError, A> => {
  const r = codec.decode(body);
  if (E.isRight(r)) return r;
  const first = reportErrors(r.left)[0];
  return E.left({ kind: 'badResponse', message: `store system ${what} is not in the shape the store system answers in (docs/api/orders.md): ${first ? `${formatPath(first.path) || 'body'} ${first.reason}` : 'unreadable'}` });
};

const unexpected = (reply: StoreReply, what: string): OrderLookupError => ({ kind: 'badResponse', message: `store system answered ${what} with HTTP ${reply.status}` });

const rejected = (what: string): OrderLookupError => ({ kind: 'invalidIdentifier', message: `the store system rejected the ${what} as invalid (invalid_identifier)` });

const ok = (status: number) => status >= 200 && status < 300;

/** Order ids that cannot travel as one URL path segment (dot segments are resolved away by URL parsing). */
const unsendable = (orderId: string) => orderId === '' || orderId === '.' || orderId === '..';

/**
 * The store-system client of one account (docs/api/orders.md, operator contract `store`): the three
 * capabilities as StoreCalls. Order list follows next_cursor up to a cap (maxPages / maxOrders);
 * order details sends the opaque order_id unchanged; customer details answers null for a 404.
 */
export const storeSystemClient = (store: StoreSystem, options: StoreClientOptions): StoreCalls => {
  const urls = storeUrls(store);
  const settings: StoreRequestSettings = {
    fetch: options.fetch,
    accessToken: store.accessToken,
    newRequestId: options.newRequestId ?? randomUUID,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
    retry: { ...DEFAULT_STORE_RETRY, ...(options.retry ?? {}) },
    timeoutMs: options.timeoutMs ?? STORE_CLIENT_DEFAULTS.timeoutMs,
    maxResponseBytes: STORE_CLIENT_DEFAULTS.maxResponseBytes,
  };
  const maxPages = options.maxPages ?? STORE_CLIENT_DEFAULTS.maxPages;
  const maxOrders = options.maxOrders ?? STORE_CLIENT_DEFAULTS.maxOrders;
  const pageSize = options.pageSize ?? STORE_CLIENT_DEFAULTS.pageSize;

  return {
    listOrders: async (id, listOptions = {}) => {
      const pageCap = Math.max(1, Math.min(maxPages, listOptions.maxPages ?? maxPages));
      const orders: StoreOrderListItem[] = [];
      const requestIds: string[] = [];
      const seenCursors = new Set<string>();
      let cursor: string | undefined;
      for (let page = 0; page < pageCap; page++) {
        const got = await storeGet(urls.orderList(id, cursor, Math.min(pageSize, maxOrders - orders.length)), settings);
        if (E.isLeft(got)) return got;
        const reply = got.right;
        requestIds.push(reply.requestId);
        if (reply.status === 400) return E.left(rejected(id.kind === 'phone' ? 'phone number' : 'email'));
        if (!ok(reply.status)) return E.left(unexpected(reply, 'the order list'));
        const decoded = decode(StoreOrderListPage, reply.body, 'order list');
        if (E.isLeft(decoded)) return decoded;
        orders.push(...decoded.right.orders);
        const next = decoded.right.next_cursor;
        if (orders.length >= maxOrders) return E.right({ value: { orders: orders.slice(0, maxOrders), truncated: orders.length > maxOrders || (typeof next === 'string' && next !== '') }, requestIds });
        if (typeof next !== 'string' || next === '') return E.right({ value: { orders, truncated: false }, requestIds });
        if (seenCursors.has(next)) return E.right({ value: { orders, truncated: true }, requestIds });
        seenCursors.add(next);
        cursor = next;
      }
      return E.right({ value: { orders, truncated: true }, requestIds });
    },

    orderDetails: async (orderId) => {
      if (unsendable(orderId)) return E.left({ kind: 'orderNotFound', orderId });
      const got = await storeGet(urls.orderDetails(orderId), settings);
      if (E.isLeft(got)) return got;
      const reply = got.right;
      if (reply.status === 404 || reply.status === 400) return E.left({ kind: 'orderNotFound', orderId });
      if (!ok(reply.status)) return E.left(unexpected(reply, 'order details'));
      const decoded = decode(StoreOrderDetails, reply.body, 'order details');
      if (E.isLeft(decoded)) return decoded;
      if (decoded.right.order_id !== orderId) return E.left({ kind: 'badResponse', message: 'store system answered order details of another order_id' });
      return E.right({ value: withoutSecrets(decoded.right) as OrderDetails, requestIds: [reply.requestId] });
    },

    customerLookup: async (id) => {
      const got = await storeGet(urls.customerLookup(id), settings);
      if (E.isLeft(got)) return got;
      const reply = got.right;
      if (reply.status === 404) return E.right({ value: null, requestIds: [reply.requestId] });
      if (reply.status === 400) return E.left(rejected(id.kind === 'phone' ? 'phone number' : 'email'));
      if (!ok(reply.status)) return E.left(unexpected(reply, 'customer details'));
      const body = reply.body as { customer?: unknown } | null;
      const customer = body !== null && typeof body === 'object' && 'customer' in body ? body.customer : body;
      if (customer === null) return E.right({ value: null, requestIds: [reply.requestId] });
      const decoded = decode(StoreCustomer, customer, 'customer details');
      if (E.isLeft(decoded)) return decoded;
      return E.right({ value: withoutSecrets(decoded.right), requestIds: [reply.requestId] });
    },
  };
};

/** The store calls of each account: its configured store system, or null (not configured). */
export const storeCallsFor = (options: StoreClientOptions): StoreCallsFor => (account: Account) =>
  account.store ? storeSystemClient(account.store, options) : null;
