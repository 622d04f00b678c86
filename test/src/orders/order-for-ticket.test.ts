import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { Account, findOrderForTicket, storeOrderLookup } from '@support/domain';
import { storeCallsFor } from '@support/adapters';
import { DEMO, startStoreFixture, StoreFixture } from './store-fixture';

const right = <A>(e: E.Either<unknown, A>): A => {
  if (E.isLeft(e)) throw new Error(`expected Right, got ${JSON.stringify(e.left)}`);
  return e.right;
};

describe('order for a ticket (the order its `order` data points read)', () => {
  let f: StoreFixture;
  beforeEach(async () => {
    f = await startStoreFixture();
  });
  afterEach(async () => f.close());

  it('given an orderName equal to an order number of the customer, then that order', async () => {
    const order = right(await findOrderForTicket(f.client(), { phone: DEMO.priya.phone }, '#1001'));
    expect(order).to.include({ order_id: 'ord_5001', order_status: 'delivered' });
  });

  it('given an orderName differing only by surrounding spaces and a leading #, then the same order', async () => {
    expect(right(await findOrderForTicket(f.client(), { phone: DEMO.priya.phone }, ' 1002 '))).to.include({ order_id: 'ord_5002' });
  });

  it('given an orderName that is not one of the customer\'s orders, then null (not the newest order instead)', async () => {
    expect(right(await findOrderForTicket(f.client(), { phone: DEMO.priya.phone }, '#1003'))).to.equal(null);
    expect(right(await findOrderForTicket(f.client(), { phone: DEMO.priya.phone }, '100'))).to.equal(null);
  });

  it('given no orderName, then the customer\'s newest order, read from the first page only', async () => {
    const order = right(await findOrderForTicket(f.client(), { phone: DEMO.priya.phone }, null));
    expect(order).to.include({ order_id: 'ord_5005', order_number: '#1005' });
    expect(f.audit.map((a) => a.action)).to.deep.equal(['order_list', 'order_details']);
  });

  it('given a customer without orders, then null', async () => {
    expect(right(await findOrderForTicket(f.client(), { phone: DEMO.sam.phone, email: DEMO.sam.email }, null))).to.equal(null);
  });

  it('given an invalid phone but a valid email, then the email finds the order', async () => {
    expect(right(await findOrderForTicket(f.client(), { phone: 'n/a', email: DEMO.mei.email }, null))).to.include({ order_id: 'ord_5004', order_number: '#1004' });
  });

  it('given the OrderLookup port for an account without a store, then notConfigured', async () => {
    const lookup = storeOrderLookup(storeCallsFor({ fetch }));
    const account = { id: 'globex', name: 'Globex' } as Account;
    expect(await lookup.orderForTicket(account, { phone: DEMO.priya.phone }, null)).to.deep.equal(E.left({ kind: 'notConfigured' }));
    expect(await lookup.listOrders(account, { phone: DEMO.priya.phone })).to.deep.equal(E.left({ kind: 'notConfigured' }));
  });

  it('given the OrderLookup port for an account with the reference store, then list, details and order for ticket answer from it', async () => {
    const lookup = storeOrderLookup(storeCallsFor({ fetch }));
    const account = { id: 'acme', name: 'Acme', defaultPhoneCountry: 'IN', store: { baseUrl: f.store.url, accessToken: DEMO.token } } as Account;
    expect(right(await lookup.listOrders(account, { phone: DEMO.priya.localPhone })).map((s) => s.orderNumber)).to.deep.equal(['#1005', '#1002', '#1001']);
    expect(right(await lookup.orderDetails(account, 'gid://acme/Order/5003'))).to.include({ order_number: '#1003' });
    expect(await lookup.orderDetails(account, 'nope')).to.deep.equal(E.left({ kind: 'orderNotFound', orderId: 'nope' }));
    expect(right(await lookup.orderForTicket(account, { email: DEMO.daniel.email }, '#1003'))).to.include({ order_status: 'cancelled' });
  });
});
