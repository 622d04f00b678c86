import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { NormalizedEmail, PhoneE164, StoreIdentifier } from '@support/domain';
import { DEMO, demoCatalog, startStoreFixture, StoreFixture } from './store-fixture';

const phone = (p: string): StoreIdentifier => ({ kind: 'phone', value: p as PhoneE164 });
const email = (e: string): StoreIdentifier => ({ kind: 'email', value: e as NormalizedEmail });

const right = <A>(e: E.Either<unknown, A>): A => {
  if (E.isLeft(e)) throw new Error(`expected Right, got ${JSON.stringify(e.left)}`);
  return e.right;
};
const left = <L>(e: E.Either<L, unknown>): L => {
  if (E.isRight(e)) throw new Error(`expected Left, got ${JSON.stringify(e.right)}`);
  return e.left;
};

describe('store-system client against the reference store system (docs/api/orders.md)', () => {
  let f: StoreFixture;
  beforeEach(async () => {
    f = await startStoreFixture();
  });
  afterEach(async () => f.close());

  describe('order list', () => {
    it('given a customer with orders, when listing by phone, then every order comes newest first with the contract fields', async () => {
      const listed = right(await f.client().listOrders(phone(DEMO.priya.phone)));
      expect(listed.value.orders.map((o) => o.order_number)).to.deep.equal(['#1005', '#1002', '#1001']);
      expect(listed.value.truncated).to.equal(false);
      const first = listed.value.orders[0];
      expect(first).to.include({ order_id: 'ord_5005', created_at: '2026-03-01T06:05:00Z', order_status: 'pending' });
      expect(first.total).to.deep.equal({ amount: '3065.64', currency: 'INR' });
    });

    it('given an email in another casing, when listing by email, then the store compares it case-insensitively', async () => {
      const listed = right(await f.client().listOrders(email('priya.sharma@example.com')));
      expect(listed.value.orders).to.have.length(3);
    });

    it('given no matching customer, when listing, then 200 with no orders (not an error)', async () => {
      const listed = right(await f.client().listOrders(email('nobody@example.com')));
      expect(listed.value).to.deep.equal({ orders: [], truncated: false });
      expect(f.audit.at(-1)).to.include({ action: 'order_list', status: 200, results: 0 });
    });

    it('given an identifier the store rejects, then 400 invalid_identifier becomes invalidIdentifier', async () => {
      const error = left(await f.client().listOrders(phone('12')));
      expect(error.kind).to.equal('invalidIdentifier');
      expect(f.audit.at(-1)).to.include({ status: 400, code: 'invalid_identifier' });
    });

    it('given a store with a small page size, when listing, then the client follows next_cursor to the last page', async () => {
      await f.close();
      f = await startStoreFixture({ maxPageSize: 1 });
      const listed = right(await f.client().listOrders(phone(DEMO.priya.phone)));
      expect(listed.value.orders.map((o) => o.order_id)).to.deep.equal(['ord_5005', 'ord_5002', 'ord_5001']);
      expect(listed.requestIds).to.have.length(3);
      expect(f.audit.filter((a) => a.action === 'order_list')).to.have.length(3);
    });

    it('given more pages than the cap, then the client stops at the cap and says the list is truncated', async () => {
      await f.close();
      f = await startStoreFixture({ maxPageSize: 1 });
      const listed = right(await f.client(DEMO.token, { maxPages: 2 }).listOrders(phone(DEMO.priya.phone)));
      expect(listed.value.orders).to.have.length(2);
      expect(listed.value.truncated).to.equal(true);
      const capped = right(await f.client(DEMO.token, { maxOrders: 1 }).listOrders(phone(DEMO.priya.phone)));
      expect(capped.value.orders).to.have.length(1);
      expect(capped.value.truncated).to.equal(true);
    });

    it('given a token of another store, then only that store\'s orders are listed for the same phone', async () => {
      const listed = right(await f.client(DEMO.globexToken).listOrders(phone(DEMO.priya.phone)));
      expect(listed.value.orders.map((o) => o.order_id)).to.deep.equal(['gx_1']);
    });
  });

  describe('order details', () => {
    it('given an opaque order_id with slashes, then it is sent unchanged as one URL-encoded path segment', async () => {
      const details = right(await f.client().orderDetails('gid://acme/Order/5003'));
      expect(details.value.order_id).to.equal('gid://acme/Order/5003');
      expect(details.value).to.include({ order_number: '#1003', order_status: 'cancelled', payment_status: 'refunded' });
      expect(f.audit.at(-1)).to.include({ action: 'order_details', orderId: 'gid://acme/Order/5003', status: 200 });
    });

    it('given the details, then they hold every group of the contract: identity, state, items, totals, fulfillments, shipping, payment, adjustments', async () => {
      const d = right(await f.client().orderDetails('ord_5001')).value as Record<string, any>;
      for (const key of ['order_id', 'order_number', 'created_at', 'updated_at', 'order_status', 'fulfillment_status', 'payment_status']) expect(d).to.have.property(key);
      expect(d.items[0]).to.have.keys(['line_item_id', 'name', 'variant', 'quantity', 'unit_price', 'line_total']);
      expect(d.totals).to.have.keys(['subtotal', 'discount', 'shipping', 'tax', 'grand_total']);
      expect(d.fulfillments[0]).to.have.keys(['carrier', 'tracking_number', 'tracking_url', 'shipped_at', 'delivered_at']);
      expect(d.shipping).to.have.keys(['recipient_name', 'address']);
      expect(d.payment).to.have.keys(['method', 'masked_reference']);
      expect(d.adjustments[0]).to.include({ type: 'return', status: 'requested' });
    });

    it('given an undelivered fulfillment, then delivered_at is null (not made up)', async () => {
      const d = right(await f.client().orderDetails('ord_5002')).value as Record<string, any>;
      expect(d.fulfillments[0].delivered_at).to.equal(null);
    });

    it('given an unknown order_id, then 404 order_not_found becomes orderNotFound', async () => {
      expect(left(await f.client().orderDetails('ord_missing'))).to.deep.equal({ kind: 'orderNotFound', orderId: 'ord_missing' });
    });

    it('given another store\'s order, then the answer is exactly that of a missing order (existence not revealed)', async () => {
      const foreign = await fetch(`${f.store.url}/orders/ord_5001`, { headers: { Authorization: `Bearer ${DEMO.globexToken}`, 'X-Request-Id': 'same' } });
      const missing = await fetch(`${f.store.url}/orders/no_such_order`, { headers: { Authorization: `Bearer ${DEMO.globexToken}`, 'X-Request-Id': 'same' } });
      expect(foreign.status).to.equal(404);
      expect(await foreign.text()).to.equal(await missing.text());
      expect(left(await f.client(DEMO.globexToken).orderDetails('ord_5001')).kind).to.equal('orderNotFound');
    });
  });

  describe('customer details', () => {
    it('given a known identifier, then the customer comes masked', async () => {
      const c = right(await f.client().customerLookup(email(DEMO.priya.email))).value;
      expect(c).to.include({ customer_id: 'cus_1001', name: 'Priya Sharma', email: 'P***@example.com', phone: '+91******3210', customer_type: 'registered', account_status: 'active' });
    });

    it('given no such customer, then the answer is null (nothing invented)', async () => {
      expect(right(await f.client().customerLookup(email('nobody@example.com'))).value).to.equal(null);
    });
  });

  describe('authentication and access', () => {
    it('given a wrong access token, then 401 becomes unauthorized 401', async () => {
      expect(left(await f.client('wrong-token').listOrders(phone(DEMO.priya.phone)))).to.deep.equal({ kind: 'unauthorized', status: 401 });
      expect(f.audit.at(-1)).to.include({ status: 401, token: null });
    });

    it('given a token without the customers scope, then 403 becomes unauthorized 403, for a known and an unknown customer alike', async () => {
      const client = f.client(DEMO.ordersOnlyToken);
      expect(left(await client.customerLookup(email(DEMO.priya.email)))).to.deep.equal({ kind: 'unauthorized', status: 403 });
      expect(left(await client.customerLookup(email('nobody@example.com')))).to.deep.equal({ kind: 'unauthorized', status: 403 });
    });
  });

  describe('retries, rate limits and temporary failures', () => {
    it('given a 429 with Retry-After, then the client waits that long and retries, and the lookup succeeds', async () => {
      await f.close();
      f = await startStoreFixture({ rateLimit: { limit: 1, windowMs: 2_000 } });
      const client = f.client();
      right(await client.listOrders(phone(DEMO.priya.phone)));
      const second = right(await client.orderDetails('ord_5001'));
      expect(second.value.order_id).to.equal('ord_5001');
      expect(f.waits).to.deep.equal([2_000]);
      expect(f.audit.map((a) => a.status)).to.deep.equal([200, 429, 200]);
    });

    it('given a Retry-After above the cap, then the client does not wait and reports rateLimited with it', async () => {
      f.store.failNext(1, 429, 60);
      expect(left(await f.client().listOrders(phone(DEMO.priya.phone)))).to.deep.equal({ kind: 'rateLimited', retryAfterSeconds: 60 });
      expect(f.waits).to.deep.equal([]);
    });

    it('given 503s fewer than the attempts, then the client backs off, retries and succeeds', async () => {
      f.store.failNext(2, 503);
      const listed = right(await f.client().listOrders(phone(DEMO.priya.phone)));
      expect(listed.value.orders).to.have.length(3);
      expect(f.waits).to.deep.equal([250, 500]);
      expect(f.audit.map((a) => a.status)).to.deep.equal([503, 503, 200]);
    });

    it('given 503s beyond the bound, then unavailable with the store\'s request id after maxAttempts', async () => {
      f.store.failNext(10, 503);
      const error = left(await f.client().orderDetails('ord_5001'));
      expect(error).to.deep.equal({ kind: 'unavailable', message: 'store system temporarily unavailable (503 temporarily_unavailable)', requestId: 'req-1' });
      expect(f.audit).to.have.length(3);
    });

    it('given a 503 answer, then it carries a retryable code and the request id (contract row)', async () => {
      f.store.failNext(1, 503);
      const res = await fetch(`${f.store.url}/orders?phone=%2B919876543210`, { headers: { Authorization: `Bearer ${DEMO.token}` } });
      const body = (await res.json()) as { error: { code: string; retryable: boolean }; request_id: string };
      expect(res.status).to.equal(503);
      expect(body.error).to.include({ code: 'temporarily_unavailable', retryable: true });
      expect(body.request_id).to.equal(res.headers.get('x-request-id'));
    });

    it('given the fault header, then it injects a failure only when the server allows it', async () => {
      const ask = () => fetch(`${f.store.url}/orders?email=a@b.example`, { headers: { Authorization: `Bearer ${DEMO.token}`, 'X-Store-Fault': '503' } });
      expect((await ask()).status).to.equal(200);
      await f.close();
      f = await startStoreFixture({ allowFaultHeader: true });
      const res = await ask();
      expect(res.status).to.equal(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).to.equal('temporarily_unavailable');
    });

    it('given an unreachable store, then unavailable after the bounded retries', async () => {
      const url = f.store.url;
      await f.close();
      const error = left(await f.client(DEMO.token, { retry: { maxAttempts: 2 } }).listOrders(phone(DEMO.priya.phone)));
      expect(error.kind).to.equal('unavailable');
      expect(f.waits).to.have.length(1);
      expect(url).to.match(/^http:\/\/127\.0\.0\.1:/);
    });
  });

  describe('request ids', () => {
    it('given a call, then it sends a request id (X-Request-Id) that the store echoes, audits and the result keeps', async () => {
      const listed = right(await f.client().listOrders(phone(DEMO.priya.phone)));
      expect(listed.requestIds).to.deep.equal(['req-1']);
      expect(f.audit[0].requestId).to.equal('req-1');
    });

    it('given no request id from the caller, then the store makes one and answers it on every answer, errors included', async () => {
      const res = await fetch(`${f.store.url}/orders`, {});
      expect(res.status).to.equal(401);
      expect(res.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    });
  });

  describe('masking and secrets', () => {
    it('given list items with customer context, then contact data is masked', async () => {
      const listed = right(await f.client().listOrders(phone(DEMO.priya.phone)));
      expect(listed.value.orders[0].customer).to.include({ email: 'P***@example.com', phone: '+91******3210' });
    });

    it('given order details, then address and payment reference are masked and no card number appears', async () => {
      const d = right(await f.client().orderDetails('ord_5001')).value as Record<string, any>;
      expect(d.shipping.address).to.deep.equal({ line1: '***', line2: '***', city: 'Bengaluru', region: 'KA', postal_code: '56***', country: 'IN' });
      expect(d.payment).to.deep.equal({ method: 'card', masked_reference: '****4242' });
    });

    it('given a catalog holding card numbers, CVV, passwords, tokens and risk signals, then no answer of any route contains them', async () => {
      const headers = { Authorization: `Bearer ${DEMO.token}` };
      const texts = await Promise.all(
        [
          '/orders?phone=%2B919876543210',
          '/orders?email=daniel.okoye@example.com',
          '/orders/ord_5001',
          '/orders/ord_5005',
          '/orders/gid%3A%2F%2Facme%2FOrder%2F5003',
          '/customers/lookup?email=priya.sharma@example.com',
        ].map(async (p) => (await fetch(`${f.store.url}${p}`, { headers })).text()),
      );
      for (const text of texts) for (const secret of DEMO.secrets) expect(text.toLowerCase()).not.to.include(secret.toLowerCase());
    });

    it('given a store configured to reveal email and phone, then those come in full (masking is the default, not a rule)', async () => {
      await f.close();
      const catalog = demoCatalog();
      const stores = catalog.stores.map((s) => (s.id === 'acme-store' ? { ...s, reveal: { email: true, phone: true } } : s));
      f = await startStoreFixture({ catalog: { ...catalog, stores } });
      const c = right(await f.client().customerLookup(phone(DEMO.priya.phone))).value;
      expect(c).to.include({ email: 'Priya.Sharma@example.com', phone: '+919876543210' });
    });

    it('given any access, then the audit line names the token by label and the identifier by hash only', async () => {
      right(await f.client().listOrders(phone(DEMO.priya.phone)));
      right(await f.client().customerLookup(email(DEMO.priya.email)));
      const text = JSON.stringify(f.audit);
      expect(text).not.to.include('9876543210');
      expect(text.toLowerCase()).not.to.include('priya');
      expect(text).not.to.include(DEMO.token);
      expect(f.audit[0]).to.include({ token: 'support-service', storeId: 'acme-store', identifierKind: 'phone' });
      expect(f.audit[0].identifierHash).to.match(/^[0-9a-f]{12}$/);
    });
  });
});
