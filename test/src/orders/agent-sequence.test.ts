import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { findOrders, openOrder, OrdersFound, StoreCalls } from '@support/domain';
import { DEMO, startStoreFixture, StoreFixture } from './store-fixture';

const right = <A>(e: E.Either<unknown, A>): A => {
  if (E.isLeft(e)) throw new Error(`expected Right, got ${JSON.stringify(e.left)}`);
  return e.right;
};

describe('agent sequence of docs/api/orders.md over the reference store system', () => {
  let f: StoreFixture;
  beforeEach(async () => {
    f = await startStoreFixture();
  });
  afterEach(async () => f.close());
  const actions = () => f.audit.map((a) => a.action);

  it('given an identifier that does not normalize, then the lookup is refused before any store call', async () => {
    const found = await findOrders(f.client(), { phone: '12' });
    expect(E.isLeft(found) && found.left.kind).to.equal('invalidIdentifier');
    expect(f.audit).to.deep.equal([]);
  });

  it('given a national phone number and the account\'s country, then it is normalized to E.164 before the order list', async () => {
    const found = right(await findOrders(f.client(), { phone: DEMO.priya.localPhone }, 'IN'));
    expect(found.identifier).to.deep.equal({ kind: 'phone', value: DEMO.priya.phone });
    expect(found.summaries).to.have.length(3);
  });

  it('given an email with spaces and capitals, then it is trimmed and compared case-insensitively', async () => {
    const found = right(await findOrders(f.client(), { email: '  Priya.Sharma@EXAMPLE.com ' }));
    expect(found.identifier).to.deep.equal({ kind: 'email', value: DEMO.priya.email });
    expect(found.summaries).to.have.length(3);
  });

  it('given several orders, then a choice is offered with the safe summary fields only, newest first', async () => {
    const found = right(await findOrders(f.client(), { phone: DEMO.priya.phone }));
    expect(found.choice).to.equal('several');
    expect(found.summaries.map((s) => Object.keys(s).sort())).to.deep.equal(Array(3).fill(['createdAt', 'orderId', 'orderNumber', 'orderStatus', 'total']));
    expect(found.summaries[0]).to.deep.equal({ orderId: 'ord_5005', orderNumber: '#1005', createdAt: '2026-03-01T06:05:00Z', orderStatus: 'pending', total: { amount: '3065.64', currency: 'INR' } });
    expect(actions()).to.deep.equal(['order_list']);
  });

  it('given the customer chose one of several orders, then its details are fetched and the customer call is skipped because the list carried the customer', async () => {
    const found = right(await findOrders(f.client(), { phone: DEMO.priya.phone }));
    const opened = right(await openOrder(f.client(), found, 'ord_5002'));
    expect(opened.order.order_id).to.equal('ord_5002');
    expect(opened.customer).to.deep.equal({
      kind: 'fromOrderList',
      customer: { customer_id: 'cus_1001', name: 'Priya Sharma', email: 'P***@example.com', phone: '+91******3210', customer_type: 'registered', account_status: 'active' },
    });
    expect(actions()).to.deep.equal(['order_list', 'order_details']);
  });

  it('given a list without customer context, then customer details are called after the order details', async () => {
    const client = f.client(DEMO.outletToken);
    const found = right(await findOrders(client, { phone: DEMO.priya.phone }));
    expect(found.choice).to.equal('single');
    expect(found.customer).to.equal(null);
    const opened = right(await openOrder(client, found, found.summaries[0].orderId));
    expect(opened.customer.kind).to.equal('fromCustomerLookup');
    expect(opened.customer.kind === 'fromCustomerLookup' && opened.customer.customer).to.include({ customer_id: 'out_1', name: 'Priya Sharma', email: 'p***@example.com' });
    expect(actions()).to.deep.equal(['order_list', 'order_details', 'customer_lookup']);
  });

  it('given an order that was not offered, then it is not opened (the choice is among the offered orders)', async () => {
    const found = right(await findOrders(f.client(), { phone: DEMO.priya.phone }));
    const opened = await openOrder(f.client(), found, 'gid://acme/Order/5003');
    expect(E.isLeft(opened) && opened.left).to.deep.equal({ kind: 'notOffered', orderId: 'gid://acme/Order/5003' });
    expect(actions()).to.deep.equal(['order_list']);
  });

  it('given no orders for the phone but orders for the email, then the email is asked next (phone first, then email)', async () => {
    const found = right(await findOrders(f.client(), { phone: DEMO.sam.phone, email: DEMO.daniel.email }));
    expect(found.identifier?.kind).to.equal('email');
    expect(found.summaries.map((s) => s.orderNumber)).to.deep.equal(['#1003']);
    expect(actions()).to.deep.equal(['order_list', 'order_list']);
  });

  it('given no orders at all, then nothing to choose and nothing invented', async () => {
    const found = right(await findOrders(f.client(), { phone: DEMO.sam.phone, email: DEMO.sam.email }));
    expect(found).to.deep.include({ identifier: null, summaries: [], choice: 'none', customer: null });
  });

  describe('with a store whose answers leave fields out (fake store calls)', () => {
    const calls = (customerFound: boolean): StoreCalls & { customerCalls: number } => {
      const c = {
        customerCalls: 0,
        listOrders: async () =>
          E.right({ value: { orders: [{ order_id: 'o1', created_at: '2026-01-01T00:00:00Z', order_status: 'open', total: { amount: '1.00', currency: 'EUR' } }], truncated: false }, requestIds: ['r1'] }),
        orderDetails: async (orderId: string) => E.right({ value: { order_id: orderId, order_status: 'open' }, requestIds: ['r2'] }),
        customerLookup: async () => {
          c.customerCalls += 1;
          return E.right({ value: customerFound ? { name: 'Ana' } : null, requestIds: ['r3'] });
        },
      };
      return c;
    };

    it('given a list item without order_number, then the summary says null rather than a made-up number', async () => {
      const found: OrdersFound = right(await findOrders(calls(true), { email: 'ana@example.com' }));
      expect(found.summaries[0].orderNumber).to.equal(null);
    });

    it('given no customer record in the store, then the customer is reported not found, not guessed from the order', async () => {
      const io = calls(false);
      const found = right(await findOrders(io, { email: 'ana@example.com' }));
      const opened = right(await openOrder(io, found, 'o1'));
      expect(opened.customer).to.deep.equal({ kind: 'notFound' });
      expect(io.customerCalls).to.equal(1);
      expect(opened.order).to.deep.equal({ order_id: 'o1', order_status: 'open' });
    });
  });
});
