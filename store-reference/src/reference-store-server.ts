import http from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { AddressInfo } from 'node:net';
import * as E from 'fp-ts/Either';
import { normalizeEmail, normalizePhone } from '@support/domain';
import { StoreAuditLine, StoreAuditSink, storeIdentifierHash, stdoutStoreAudit } from './audit';
import { ReferenceCatalog, ReferenceCatalogRecord, ReferenceCatalogStore, ReferenceCatalogToken, ReferenceScope } from './catalog';
import { decodeStoreCursor, encodeStoreCursor, storeQueryDigest } from './cursor';
import { StoreRateLimitSettings, storeTokenRateLimiter } from './token-rate-limit';
import { referenceCustomerView, referenceOrderDetailsView, referenceOrderListItemView } from './views';

export interface ReferenceStoreOptions {
  readonly catalog: ReferenceCatalog;
  /** Default 0 (a free port); the standalone start uses 4040. */
  readonly port?: number;
  readonly host?: string;
  readonly audit?: StoreAuditSink;
  /** Per-token limit (default 600 requests per minute). */
  readonly rateLimit?: StoreRateLimitSettings;
  /** Largest page the order list answers (default 50); smaller limits are honoured. */
  readonly maxPageSize?: number;
  /** Page size when the caller sends no limit (default 20). */
  readonly defaultPageSize?: number;
  readonly now?: () => number;
  readonly newRequestId?: () => string;
  /** Fault injection by header (for manual tests of the standalone server): `X-Store-Fault: 503` (or 429, 500, 502, 504). Off by default. */
  readonly allowFaultHeader?: boolean;
}

type StoreFault = 429 | 500 | 502 | 503 | 504;
const FAULTS: readonly StoreFault[] = [429, 500, 502, 503, 504];

export interface ReferenceStore {
  readonly url: string;
  readonly port: number;
  /** Fault injection: the next `count` authenticated requests answer `status` (default 503, retryable). */
  failNext(count: number, status?: StoreFault, retryAfterSeconds?: number): void;
  close(): Promise<void>;
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Record<string, string>;
  readonly audit?: Partial<StoreAuditLine>;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const BEARER = /^Bearer\s+(\S+)\s*$/i;
const ALL_SCOPES: readonly ReferenceScope[] = ['orders:read', 'customers:read'];

const failure = (status: number, code: string, message: string, requestId: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>): Answer => ({
  status,
  body: { error: { code, message, ...extra }, message, request_id: requestId },
  headers,
  audit: { code },
});

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');
const time = (iso: unknown): number => (typeof iso === 'string' && !Number.isNaN(Date.parse(iso)) ? Date.parse(iso) : 0);

/** The catalog indexed per store: customers by normalized phone and email, orders by customer and id. */
const indexCatalog = (catalog: ReferenceCatalog) => {
  const stores = new Map(catalog.stores.map((s) => [s.id, s]));
  const customerKey = (storeId: string, customerId: unknown) => `${storeId}\u0000${String(customerId)}`;
  const customers = new Map(catalog.customers.map((c) => [customerKey(c.store_id as string, c.customer_id), c]));
  const contact = new Map<ReferenceCatalogRecord, { phone: string | null; email: string | null }>();
  for (const c of catalog.customers) {
    const store = stores.get(c.store_id as string);
    const phone = typeof c.phone === 'string' ? normalizePhone(c.phone, store?.defaultPhoneCountry) : E.left('');
    const email = typeof c.email === 'string' ? normalizeEmail(c.email) : E.left('');
    contact.set(c, { phone: E.isRight(phone) ? phone.right : null, email: E.isRight(email) ? email.right : null });
  }
  const ordersOf = new Map<string, ReferenceCatalogRecord[]>();
  const orderById = new Map<string, ReferenceCatalogRecord>();
  for (const o of catalog.orders) {
    const key = customerKey(o.store_id as string, o.customer_id);
    ordersOf.set(key, [...(ordersOf.get(key) ?? []), o]);
    orderById.set(`${o.store_id}\u0000${o.order_id}`, o);
  }
  return {
    store: (id: string) => stores.get(id),
    /** Customers of the store matching every given identifier (phone AND email when both are sent). */
    matching: (storeId: string, phone: string | null, email: string | null): ReferenceCatalogRecord[] =>
      catalog.customers.filter((c) => {
        if (c.store_id !== storeId) return false;
        const k = contact.get(c);
        return (phone === null || k?.phone === phone) && (email === null || k?.email === email);
      }),
    ordersOf: (storeId: string, customer: ReferenceCatalogRecord) => ordersOf.get(customerKey(storeId, customer.customer_id)) ?? [],
    customerOf: (order: ReferenceCatalogRecord) => customers.get(customerKey(order.store_id as string, order.customer_id)),
    order: (storeId: string, orderId: string) => orderById.get(`${storeId}\u0000${orderId}`),
  };
};

/**
 * The reference store system of docs/api/orders.md over a JSON catalog: GET /orders?phone|email[&limit&cursor],
 * GET /orders/{order_id}, GET /customers/lookup?phone|email. Bearer tokens scoped to one store;
 * masked contact, address and payment data; a request id and an audit line for every request.
 */
export const startReferenceStore = async (options: ReferenceStoreOptions): Promise<ReferenceStore> => {
  const index = indexCatalog(options.catalog);
  const tokens = new Map<string, ReferenceCatalogToken>(options.catalog.tokens.map((t) => [digest(t.token), t]));
  const now = options.now ?? Date.now;
  const audit = options.audit ?? stdoutStoreAudit;
  const newRequestId = options.newRequestId ?? randomUUID;
  const limiter = storeTokenRateLimiter(options.rateLimit ?? { limit: 600, windowMs: 60_000 }, now);
  const maxPageSize = options.maxPageSize ?? 50;
  const defaultPageSize = Math.min(options.defaultPageSize ?? 20, maxPageSize);
  let faults: { remaining: number; status: StoreFault; retryAfter?: number } = { remaining: 0, status: 503 };

  /** phone / email of the query, normalized; or the 400 answer. */
  const identifier = (query: URLSearchParams, store: ReferenceCatalogStore, requestId: string): E.Either<Answer, { phone: string | null; email: string | null; kind: StoreAuditLine['identifierKind'] }> => {
    const rawPhone = query.get('phone');
    const rawEmail = query.get('email');
    const hasPhone = rawPhone !== null && rawPhone.trim() !== '';
    const hasEmail = rawEmail !== null && rawEmail.trim() !== '';
    if (!hasPhone && !hasEmail) return E.left(failure(400, 'invalid_identifier', 'phone or email is required', requestId));
    const phone = hasPhone ? normalizePhone(rawPhone, store.defaultPhoneCountry) : E.right(null);
    if (E.isLeft(phone)) return E.left(failure(400, 'invalid_identifier', `phone ${phone.left}`, requestId, { field: 'phone' }));
    const email = hasEmail ? normalizeEmail(rawEmail) : E.right(null);
    if (E.isLeft(email)) return E.left(failure(400, 'invalid_identifier', `email ${email.left}`, requestId, { field: 'email' }));
    return E.right({ phone: phone.right, email: email.right, kind: hasPhone && hasEmail ? 'phone+email' : hasPhone ? 'phone' : 'email' });
  };

  const orderList = (query: URLSearchParams, store: ReferenceCatalogStore, requestId: string): Answer => {
    const id = identifier(query, store, requestId);
    if (E.isLeft(id)) return id.left;
    const { phone, email, kind } = id.right;
    const who = { identifierKind: kind, identifierHash: storeIdentifierHash(`${phone ?? ''}|${email ?? ''}`) };
    const rawLimit = query.get('limit');
    if (rawLimit !== null && !/^[1-9]\d{0,5}$/.test(rawLimit)) return { ...failure(400, 'invalid_request', 'limit must be a positive integer', requestId), audit: { ...who, code: 'invalid_request' } };
    const limit = Math.min(rawLimit === null ? defaultPageSize : Number(rawLimit), maxPageSize);
    const q = storeQueryDigest([store.id, phone ?? '', email ?? '']);
    const rawCursor = query.get('cursor');
    const offset = rawCursor === null || rawCursor === '' ? 0 : decodeStoreCursor(rawCursor, q);
    if (offset === null) return { ...failure(400, 'invalid_cursor', 'cursor is not valid for this query: start again without it', requestId), audit: { ...who, code: 'invalid_cursor' } };
    const customers = index.matching(store.id, phone, email);
    const orders = customers
      .flatMap((c) => index.ordersOf(store.id, c).map((o) => ({ o, c })))
      .sort((a, b) => time(b.o.created_at) - time(a.o.created_at) || String(a.o.order_id).localeCompare(String(b.o.order_id)));
    const page = orders.slice(offset, offset + limit);
    const next = offset + limit < orders.length ? encodeStoreCursor(offset + limit, q) : null;
    return {
      status: 200,
      body: { orders: page.map(({ o, c }) => referenceOrderListItemView(o, c, store)), next_cursor: next },
      audit: { ...who, results: page.length },
    };
  };

  const orderDetails = (segment: string, store: ReferenceCatalogStore, requestId: string): Answer => {
    let orderId: string;
    try {
      orderId = decodeURIComponent(segment);
    } catch {
      return failure(404, 'order_not_found', 'No order with this order_id', requestId);
    }
    // Another store's order answers exactly like a missing one: existence is not revealed.
    const order = index.order(store.id, orderId);
    if (!order) return { ...failure(404, 'order_not_found', 'No order with this order_id', requestId), audit: { orderId, code: 'order_not_found' } };
    return { status: 200, body: referenceOrderDetailsView(order, store), audit: { orderId, results: 1 } };
  };

  const customerLookup = (query: URLSearchParams, store: ReferenceCatalogStore, requestId: string): Answer => {
    const id = identifier(query, store, requestId);
    if (E.isLeft(id)) return id.left;
    const { phone, email, kind } = id.right;
    const who = { identifierKind: kind, identifierHash: storeIdentifierHash(`${phone ?? ''}|${email ?? ''}`) };
    const found = index.matching(store.id, phone, email).sort((a, b) => Number(b.customer_type === 'registered') - Number(a.customer_type === 'registered'))[0];
    if (!found) return { ...failure(404, 'customer_not_found', 'No customer with this identifier', requestId), audit: { ...who, code: 'customer_not_found', results: 0 } };
    return { status: 200, body: referenceCustomerView(found, store, true), audit: { ...who, results: 1 } };
  };

  const handle = (req: http.IncomingMessage, requestId: string): Answer & { token: ReferenceCatalogToken | null; action: StoreAuditLine['action'] } => {
    const url = new URL(req.url ?? '/', 'http://store.local');
    const path = url.pathname;
    const details = /^\/orders\/([^/]+)$/.exec(path);
    const action: StoreAuditLine['action'] = path === '/orders' ? 'order_list' : details ? 'order_details' : path === '/customers/lookup' ? 'customer_lookup' : 'other';
    const match = BEARER.exec(req.headers.authorization ?? '');
    const token = match ? (tokens.get(digest(match[1])) ?? null) : null;
    const store = token ? index.store(token.storeId) : undefined;
    if (!token || !store) {
      return { ...failure(401, 'unauthorized', 'A valid Bearer token is required', requestId, {}, { 'WWW-Authenticate': 'Bearer' }), token: null, action };
    }
    const wait = limiter.take(token.label);
    if (wait !== null) return { ...failure(429, 'rate_limited', `Too many requests: retry after ${wait} seconds`, requestId, { retryable: true }, { 'Retry-After': String(wait) }), token, action };
    const headerFault = options.allowFaultHeader ? Number(req.headers['x-store-fault']) : NaN;
    const fault = faults.remaining > 0 ? faults : FAULTS.includes(headerFault as StoreFault) ? { remaining: 1, status: headerFault as StoreFault } : null;
    if (fault !== null) {
      if (fault === faults) faults = { ...faults, remaining: faults.remaining - 1 };
      const headers = fault.retryAfter !== undefined || fault.status === 429 ? { 'Retry-After': String(fault.retryAfter ?? 1) } : undefined;
      const code = fault.status === 429 ? 'rate_limited' : 'temporarily_unavailable';
      const message = fault.status === 429 ? 'Too many requests: retry later' : 'The store system is temporarily unavailable: retry shortly';
      return { ...failure(fault.status, code, message, requestId, { retryable: true }, headers), token, action };
    }
    if (req.method !== 'GET') return { ...failure(405, 'method_not_allowed', 'This store system is read-only: use GET', requestId, {}, { Allow: 'GET' }), token, action };
    const scopes = token.scopes ?? ALL_SCOPES;
    const needs: ReferenceScope = action === 'customer_lookup' ? 'customers:read' : 'orders:read';
    if (action !== 'other' && !scopes.includes(needs)) {
      // Decided before any record is read: the answer is the same whether the record exists or not.
      return { ...failure(403, 'forbidden', `This token may not use ${needs}`, requestId), token, action };
    }
    const answer =
      action === 'order_list' ? orderList(url.searchParams, store, requestId)
      : action === 'order_details' && details ? orderDetails(details[1], store, requestId)
      : action === 'customer_lookup' ? customerLookup(url.searchParams, store, requestId)
      : failure(404, 'not_found', 'No such route: GET /orders, /orders/{order_id} or /customers/lookup', requestId);
    return { ...answer, token, action };
  };

  const server = http.createServer((req, res) => {
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : newRequestId();
    const answer = handle(req, requestId);
    const payload = JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(payload),
      'Cache-Control': 'no-store',
      'X-Request-Id': requestId,
      ...(answer.headers ?? {}),
    });
    res.end(payload);
    audit({
      at: new Date(now()).toISOString(),
      requestId,
      token: answer.token?.label ?? null,
      storeId: answer.token?.storeId ?? null,
      action: answer.action,
      status: answer.status,
      ...(answer.audit ?? {}),
    });
    req.resume();
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    failNext: (count, status = 503, retryAfterSeconds) => {
      faults = { remaining: count, status, retryAfter: retryAfterSeconds };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
