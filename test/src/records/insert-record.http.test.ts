import { expect } from 'chai';
import { startTestService, TestService } from '../support/test-service';
import { TOKENS } from '../support/example-config';
import { givenCustomerWithPhone } from './given-customer';
import { INSERT, INVENTORY, recordsConfig } from './records-config';

describe('POST /apis/resources/records/insert (docs/api/records-and-actions.md, Insert)', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: recordsConfig() });
  });
  after(async () => svc.stop());

  let n = 0;
  const sku = () => `SKU-INS-${++n}`;
  const insert = (body: unknown, token: string = TOKENS.acmeAdmin) => svc.api('POST', INSERT, { token, body });

  describe('authentication', () => {
    it('given no token, then 401', async () => {
      expect((await svc.api('POST', INSERT, { body: { objectId: INVENTORY, data: { sku: sku() } } })).status).to.equal(401);
    });

    it('given an invalid token, then 403 "Invalid token"', async () => {
      const res = await insert({ objectId: INVENTORY, data: { sku: sku() } }, 'not-a-token');
      expect(res.status).to.equal(403);
      expect(res.body.message).to.equal('Invalid token');
    });
  });

  describe('the request', () => {
    it('given no objectId, then 400 "objectId is required"', async () => {
      const res = await insert({ data: { sku: sku() } });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('objectId is required');
    });

    it('given no data, then 400 "data is required"', async () => {
      const res = await insert({ objectId: INVENTORY });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('data is required');
    });

    it('given no body at all, then 400 "objectId is required"', async () => {
      const res = await svc.api('POST', INSERT, { token: TOKENS.acmeAdmin });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('objectId is required');
    });

    it('given data that is not an object, then 400', async () => {
      const res = await insert({ objectId: INVENTORY, data: ['x'] });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('data must be a JSON object');
    });

    it('given another key, then 400 naming it', async () => {
      const res = await insert({ objectId: INVENTORY, data: { sku: sku() }, upsert: true });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/^Unknown field "upsert"/);
    });
  });

  describe('the resource', () => {
    it('given a resource that does not exist, then 404', async () => {
      const res = await insert({ objectId: 'obj-nope', data: { sku: sku() } });
      expect(res.status).to.equal(404);
      expect(res.body.error).to.be.a('string');
    });

    it('given a resource of another account, then 404', async () => {
      const res = await insert({ objectId: 'obj-globex-leads', data: { email: 'a@b.example' } });
      expect(res.status).to.equal(404);
    });
  });

  describe('the data', () => {
    it('given a key that is not a configured field, then 400 Unknown resource field "key"', async () => {
      const res = await insert({ objectId: INVENTORY, data: { sku: sku(), colour: 'red' } });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('Unknown resource field "colour"');
    });

    it('given a required field missing (or null), then 400 naming it', async () => {
      const missing = await insert({ objectId: INVENTORY, data: { qty: 1 } });
      expect(missing.status).to.equal(400);
      expect(missing.body.message).to.equal('Resource field "sku" is required');
      expect((await insert({ objectId: INVENTORY, data: { sku: null } })).status).to.equal(400);
    });

    it('given values of every type in convertible forms, then each is stored converted', async () => {
      const res = await insert({
        objectId: INVENTORY,
        data: {
          sku: sku(), qty: '42', price: '19.99', active: 'TRUE', restockedAt: '2026-03-01T10:00:00+05:30', customerPhone: '+91 98000 00099',
          contact: ' Ops@Acme.Example ', tags: ['a', 1], attributes: { colour: 'red' }, expiresOn: '2026-12-31', note: 123,
        },
      });
      expect(res.status).to.equal(200);
      expect(res.body.record.data).to.deep.include({
        qty: 42, price: 19.99, active: true, restockedAt: '2026-03-01T04:30:00.000Z', customerPhone: '+919800000099',
        contact: 'ops@acme.example', tags: ['a', 1], attributes: { colour: 'red' }, expiresOn: '2026-12-31', note: '123',
      });
    });

    const unconvertible: [string, unknown, RegExp][] = [
      ['qty', 'many', /integer/], ['qty', 1.5, /integer/], ['price', 'cheap', /number/], ['active', 'perhaps', /boolean/],
      ['restockedAt', 'last week', /datetime/], ['expiresOn', '2026-02-30', /date/], ['customerPhone', 'no phone', /phone/],
      ['contact', 'nobody', /email/], ['tags', 'a,b', /array/], ['attributes', [1], /object/], ['note', { a: 1 }, /string/],
    ];
    for (const [field, value, type] of unconvertible) {
      it(`given ${field} = ${JSON.stringify(value)}, then 400 naming the field and its type`, async () => {
        const res = await insert({ objectId: INVENTORY, data: { sku: sku(), [field]: value } });
        expect(res.status).to.equal(400);
        expect(res.body.message).to.match(new RegExp(`^Resource field "${field}" must be `));
        expect(res.body.message).to.match(type);
      });
    }
  });

  describe('the answer', () => {
    it('given a valid insert, then success, the record docs/api/records-and-actions.md shows, no conflicts', async () => {
      const s = sku();
      const res = await insert({ objectId: INVENTORY, data: { sku: s, qty: 3 } });
      expect(res.status).to.equal(200);
      expect(res.body.success).to.equal(true);
      const record = res.body.record;
      expect(record).to.have.keys('id', 'objectId', 'customerId', 'data', 'createdAt', 'updatedAt');
      expect(record).to.deep.include({ objectId: INVENTORY, customerId: null, data: { sku: s, qty: 3 } });
      expect(Date.parse(record.createdAt)).to.be.a('number').and.not.NaN;
      expect(res.body.conflicts).to.deep.equal([]);
      expect(res.body.conflictCount).to.equal(0);
    });

    it('given the same data twice, then every call adds a record and the second reports the first as a conflict on the unique field', async () => {
      const s = sku();
      const first = await insert({ objectId: INVENTORY, data: { sku: s } });
      const second = await insert({ objectId: INVENTORY, data: { sku: s } });
      expect(second.status).to.equal(200);
      expect(second.body.record.id).to.not.equal(first.body.record.id);
      expect(second.body.conflicts).to.deep.equal([{ recordId: first.body.record.id, field: 'sku', value: s }]);
      expect(second.body.conflictCount).to.equal(1);
    });

    it('given a value shared in a field that is not unique, then no conflict', async () => {
      await insert({ objectId: INVENTORY, data: { sku: sku(), qty: 777 } });
      const res = await insert({ objectId: INVENTORY, data: { sku: sku(), qty: 777 } });
      expect(res.body.conflictCount).to.equal(0);
    });
  });

  describe('customerIdFrom', () => {
    it('given a customer with the phone number, then the record links to that customer', async () => {
      await givenCustomerWithPhone(svc.deps.eventStore, 'acme', '+919800000042', 'cust-42');
      const res = await insert({ objectId: INVENTORY, data: { sku: sku(), customerPhone: '+91 98000-00042' } });
      expect(res.status).to.equal(200);
      expect(res.body.record.customerId).to.equal('cust-42');
    });

    it('given no customer with the phone number, then customerId is null', async () => {
      const res = await insert({ objectId: INVENTORY, data: { sku: sku(), customerPhone: '+919800000043' } });
      expect(res.body.record.customerId).to.equal(null);
    });

    it('given a customer of another account with the phone number, then no link', async () => {
      await givenCustomerWithPhone(svc.deps.eventStore, 'globex', '+919800000044', 'cust-globex');
      const res = await insert({ objectId: INVENTORY, data: { sku: sku(), customerPhone: '+919800000044' } });
      expect(res.body.record.customerId).to.equal(null);
    });
  });
});
