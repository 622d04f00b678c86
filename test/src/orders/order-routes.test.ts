import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { DEMO, startStoreFixture, StoreFixture } from './store-fixture';

/** The example configuration with acme's store pointed at the reference store (and its token). */
const configWithStore = (baseUrl: string, accessToken: string = DEMO.token) => {
  const config = withoutRateLimits(exampleConfig());
  const acme = config.accounts.find((a) => a.id === 'acme') as Record<string, any>;
  acme.store = { ...acme.store, baseUrl, accessToken };
  return config;
};

describe('agent-facing order routes (GET /apis/orders, GET /apis/orders/{orderId})', () => {
  let f: StoreFixture;
  let svc: TestService;
  before(async () => {
    f = await startStoreFixture();
    svc = await startTestService({ config: configWithStore(f.store.url) });
  });
  after(async () => {
    await svc.stop();
    await f.close();
  });
  beforeEach(() => {
    f.store.failNext(0);
    f.audit.length = 0;
  });

  describe('GET /apis/orders', () => {
    it('given a phone with several orders, then the safe summaries newest first, the choice and the masked customer context', async () => {
      const res = await svc.api('GET', `/apis/orders?phone=${encodeURIComponent(DEMO.priya.phone)}`, { token: TOKENS.acmeAgent });
      expect(res.status).to.equal(200);
      expect(res.body.choice).to.equal('several');
      expect(res.body.matchedBy).to.equal('phone');
      expect(res.body.orders.map((o: any) => o.orderNumber)).to.deep.equal(['#1005', '#1002', '#1001']);
      expect(res.body.orders[2]).to.deep.equal({ orderId: 'ord_5001', orderNumber: '#1001', createdAt: '2026-01-05T10:15:00Z', orderStatus: 'delivered', total: { amount: '3950.06', currency: 'INR' } });
      expect(res.body.customer).to.deep.equal({ customer_id: 'cus_1001', name: 'Priya Sharma', email: 'P***@example.com', phone: '+91******3210', customer_type: 'registered', account_status: 'active' });
      expect(res.body.storeRequestIds).to.have.length(1);
      expect(f.audit[0].requestId).to.equal(res.body.storeRequestIds[0]);
    });

    it('given an email, then the orders of that email', async () => {
      const res = await svc.api('GET', `/apis/orders?email=${encodeURIComponent(' Daniel.Okoye@example.com')}`, { token: TOKENS.acmeAdmin });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ choice: 'single', matchedBy: 'email', truncated: false });
      expect(res.body.orders[0].orderId).to.equal('gid://acme/Order/5003');
    });

    it('given no match, then 200 with no orders', async () => {
      const res = await svc.api('GET', '/apis/orders?email=nobody@example.com', { token: TOKENS.acmeAgent });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ orders: [], choice: 'none', customer: null, matchedBy: null });
    });

    it('given neither phone nor email, then 400 saying one is required', async () => {
      const res = await svc.api('GET', '/apis/orders', { token: TOKENS.acmeAgent });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/^phone or email is required/);
      expect(f.audit).to.deep.equal([]);
    });

    it('given an invalid phone, then 400 invalid_identifier and the store is not called', async () => {
      const res = await svc.api('GET', '/apis/orders?phone=12', { token: TOKENS.acmeAgent });
      expect(res.status).to.equal(400);
      expect(res.body).to.include({ code: 'invalid_identifier' });
      expect(res.body.message).to.match(/phone is not a valid phone number/);
      expect(f.audit).to.deep.equal([]);
    });

    it('given an unknown or repeated query parameter, then 400 naming it', async () => {
      const unknown = await svc.api('GET', '/apis/orders?phon=%2B14155550123', { token: TOKENS.acmeAgent });
      expect(unknown.status).to.equal(400);
      expect(unknown.body.message).to.match(/Unknown query parameter "phon"/);
      const repeated = await svc.api('GET', '/apis/orders?email=a@b.example&email=c@d.example', { token: TOKENS.acmeAgent });
      expect(repeated.status).to.equal(400);
      expect(repeated.body.message).to.equal('email must be given once');
    });

    it('given no token, then 401; given an unknown token, then 403', async () => {
      expect((await svc.api('GET', '/apis/orders?email=a@b.example')).status).to.equal(401);
      expect((await svc.api('GET', '/apis/orders?email=a@b.example', { token: 'nope' })).status).to.equal(403);
    });

    it('given an account without a store system, then 404 store_not_configured', async () => {
      const res = await svc.api('GET', '/apis/orders?email=a@b.example', { token: TOKENS.globexAdmin });
      expect(res.status).to.equal(404);
      expect(res.body).to.include({ code: 'store_not_configured' });
      expect(res.body.message).to.match(/No store system is configured for this account/);
    });

    it('given the store rate-limits us beyond the wait cap, then 503 with Retry-After', async () => {
      f.store.failNext(1, 429, 30);
      const res = await svc.api('GET', `/apis/orders?phone=${encodeURIComponent(DEMO.priya.phone)}`, { token: TOKENS.acmeAgent });
      expect(res.status).to.equal(503);
      expect(res.headers.get('retry-after')).to.equal('30');
      expect(res.body).to.include({ code: 'store_rate_limited', retryAfter: 30 });
    });

    it('given the store keeps answering 503, then 503 with the store\'s request id', async () => {
      f.store.failNext(3, 503, 0);
      const res = await svc.api('GET', `/apis/orders?phone=${encodeURIComponent(DEMO.priya.phone)}`, { token: TOKENS.acmeAgent });
      expect(res.status).to.equal(503);
      expect(res.body).to.include({ code: 'store_unavailable' });
      expect(res.body.storeRequestId).to.equal(f.audit[0].requestId);
      expect(f.audit.map((a) => a.status)).to.deep.equal([503, 503, 503]);
    });

    it('given one 503, then the client retries and the route answers 200', async () => {
      f.store.failNext(1, 503, 0);
      const res = await svc.api('GET', `/apis/orders?phone=${encodeURIComponent(DEMO.priya.phone)}`, { token: TOKENS.acmeAgent });
      expect(res.status).to.equal(200);
      expect(f.audit.map((a) => a.status)).to.deep.equal([503, 200]);
    });
  });

  describe('GET /apis/orders/{orderId}', () => {
    it('given an opaque order id URL-encoded in the path, then the details as the store returned them', async () => {
      const res = await svc.api('GET', `/apis/orders/${encodeURIComponent('gid://acme/Order/5003')}`, { token: TOKENS.acmeAgent });
      expect(res.status).to.equal(200);
      expect(res.body.order).to.include({ order_id: 'gid://acme/Order/5003', order_number: '#1003', order_status: 'cancelled' });
      expect(res.body.order.payment).to.deep.equal({ method: 'card', masked_reference: '****0005' });
      for (const secret of DEMO.secrets) expect(res.text.toLowerCase()).not.to.include(secret.toLowerCase());
    });

    it('given an unknown order id, then 404 order_not_found', async () => {
      const res = await svc.api('GET', '/apis/orders/ord_missing', { token: TOKENS.acmeAgent });
      expect(res.status).to.equal(404);
      expect(res.body).to.include({ code: 'order_not_found' });
    });

    it('given an account without a store system, then 404 store_not_configured', async () => {
      const res = await svc.api('GET', '/apis/orders/ord_5001', { token: TOKENS.globexAdmin });
      expect(res.status).to.equal(404);
      expect(res.body).to.include({ code: 'store_not_configured' });
    });

    it('given no token, then 401', async () => {
      expect((await svc.api('GET', '/apis/orders/ord_5001')).status).to.equal(401);
    });
  });
});

describe('agent-facing order routes with credentials the store refuses', () => {
  let f: StoreFixture;
  let svc: TestService;
  before(async () => {
    f = await startStoreFixture();
    svc = await startTestService({ config: configWithStore(f.store.url, 'revoked-token') });
  });
  after(async () => {
    await svc.stop();
    await f.close();
  });

  it('given the store answers 401, then 502 "store system refused our credentials"', async () => {
    const res = await svc.api('GET', `/apis/orders?phone=${encodeURIComponent(DEMO.priya.phone)}`, { token: TOKENS.acmeAgent });
    expect(res.status).to.equal(502);
    expect(res.body.message).to.match(/^store system refused our credentials/);
    const details = await svc.api('GET', '/apis/orders/ord_5001', { token: TOKENS.acmeAgent });
    expect(details.status).to.equal(502);
    expect(f.audit.map((a) => a.status)).to.deep.equal([401, 401]);
  });
});
