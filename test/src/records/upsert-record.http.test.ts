import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { upsertRecord } from '@support/command-api';
import { Principal, RECORDS_COLLECTION, RecordDocument } from '@support/domain';
import { startTestService, TestService } from '../support/test-service';
import { TOKENS } from '../support/example-config';
import { givenCustomerWithPhone } from './given-customer';
import { INSERT, INVENTORY, recordsConfig, UPSERT } from './records-config';

describe('POST /apis/resources/records/upsert (docs/api/records-and-actions.md, Upsert)', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: recordsConfig() });
  });
  after(async () => svc.stop());

  let n = 0;
  const sku = () => `SKU-UPS-${++n}`;
  const upsert = (body: unknown, token: string = TOKENS.acmeAdmin) => svc.api('POST', UPSERT, { token, body });
  const insert = (data: unknown) => svc.api('POST', INSERT, { token: TOKENS.acmeAdmin, body: { objectId: INVENTORY, data } });
  const recordsWithSku = (s: string) => svc.deps.readModels.find<RecordDocument>(RECORDS_COLLECTION, { where: { accountId: 'acme', objectId: INVENTORY, 'data.sku': s } });

  describe('authentication', () => {
    it('given no token, then 401', async () => {
      expect((await svc.api('POST', UPSERT, { body: { objectId: INVENTORY, idField: 'sku', idValue: sku(), data: {} } })).status).to.equal(401);
    });

    it('given an invalid token, then 403 "Invalid token"', async () => {
      const res = await upsert({ objectId: INVENTORY, idField: 'sku', idValue: sku(), data: {} }, 'not-a-token');
      expect(res.status).to.equal(403);
      expect(res.body.message).to.equal('Invalid token');
    });
  });

  describe('the request', () => {
    for (const field of ['objectId', 'idField', 'idValue', 'data']) {
      it(`given no ${field}, then 400 "${field} is required"`, async () => {
        const body: Record<string, unknown> = { objectId: INVENTORY, idField: 'sku', idValue: sku(), data: {} };
        delete body[field];
        const res = await upsert(body);
        expect(res.status).to.equal(400);
        expect(res.body.message).to.equal(`${field} is required`);
      });
    }

    it('given an idField that is not a configured field, then 400 Unknown resource field "x"', async () => {
      const res = await upsert({ objectId: INVENTORY, idField: 'barcode', idValue: '1', data: {} });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('Unknown resource field "barcode"');
    });

    it('given a data key that is not a configured field, then 400 Unknown resource field', async () => {
      const res = await upsert({ objectId: INVENTORY, idField: 'sku', idValue: sku(), data: { colour: 'red' } });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('Unknown resource field "colour"');
    });

    it('given an idValue that does not convert by the idField type, then 400 naming the field and type', async () => {
      const res = await upsert({ objectId: INVENTORY, idField: 'qty', idValue: 'seven', data: { sku: sku() } });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/^Resource field "qty" must be an integer/);
    });

    it('given data[idField] different from idValue, then 400', async () => {
      const res = await upsert({ objectId: INVENTORY, idField: 'sku', idValue: sku(), data: { sku: 'OTHER' } });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/^data\.sku must equal idValue/);
    });

    it('given a resource of another account, then 404', async () => {
      const res = await upsert({ objectId: 'obj-globex-leads', idField: 'email', idValue: 'a@b.example', data: {} });
      expect(res.status).to.equal(404);
    });
  });

  describe('the outcome (docs/api/records-and-actions.md, Upsert)', () => {
    it('given no record with the value, then a record is inserted with the identifier added', async () => {
      const s = sku();
      const res = await upsert({ objectId: INVENTORY, idField: 'sku', idValue: s, data: { qty: 5 } });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ success: true, operation: 'inserted', conflicts: [], conflictCount: 0 });
      expect(res.body.record.data).to.deep.equal({ qty: 5, sku: s });
      expect(res.body.record).to.have.keys('id', 'objectId', 'customerId', 'data', 'createdAt', 'updatedAt');
    });

    it('given one record with the value, then the data is merged into it and fields not supplied keep their values', async () => {
      const s = sku();
      const first = await upsert({ objectId: INVENTORY, idField: 'sku', idValue: s, data: { qty: 5, price: 2.5 } });
      const second = await upsert({ objectId: INVENTORY, idField: 'sku', idValue: s, data: { sku: s, qty: '6' } });
      expect(second.status).to.equal(200);
      expect(second.body.operation).to.equal('updated');
      expect(second.body.record.id).to.equal(first.body.record.id);
      expect(second.body.record.data).to.deep.equal({ sku: s, qty: 6, price: 2.5 });
      expect(second.body.record.createdAt).to.equal(first.body.record.createdAt);
      expect(await recordsWithSku(s)).to.have.length(1);
    });

    it('given a record made by insert, then upsert finds it in the read model and updates it', async () => {
      const s = sku();
      const inserted = await insert({ sku: s, qty: 1 });
      const res = await upsert({ objectId: INVENTORY, idField: 'sku', idValue: s, data: { qty: 2 } });
      expect(res.body.operation).to.equal('updated');
      expect(res.body.record.id).to.equal(inserted.body.record.id);
    });

    it('given more than one record with the value (inserted twice), then 400 and no record is changed', async () => {
      const s = sku();
      await insert({ sku: s, qty: 1 });
      await insert({ sku: s, qty: 1 });
      const res = await upsert({ objectId: INVENTORY, idField: 'sku', idValue: s, data: { qty: 99 } });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/^More than one record matches idField "sku"/);
      expect(res.body.matchingRecordIds).to.have.length(2);
      const stored = await recordsWithSku(s);
      expect(stored.map((r) => r.data.qty)).to.deep.equal([1, 1]);
    });

    it('given idValue in another format of the field type, then it matches after conversion', async () => {
      const s = sku();
      const first = await upsert({ objectId: INVENTORY, idField: 'restockedAt', idValue: '2031-01-01T10:00:00+05:30', data: { sku: s } });
      const second = await upsert({ objectId: INVENTORY, idField: 'restockedAt', idValue: '2031-01-01T04:30:00Z', data: { qty: 1 } });
      expect(first.body.operation).to.equal('inserted');
      expect(second.body.operation).to.equal('updated');
      expect(second.body.record.id).to.equal(first.body.record.id);
    });

    it('given idValue in another casing, then it is another value (casing matters)', async () => {
      const s = sku();
      await upsert({ objectId: INVENTORY, idField: 'sku', idValue: s, data: {} });
      const other = await upsert({ objectId: INVENTORY, idField: 'sku', idValue: s.toLowerCase(), data: {} });
      expect(other.body.operation).to.equal('inserted');
    });

    it('given an insert with a required field missing, then 400', async () => {
      const res = await upsert({ objectId: INVENTORY, idField: 'contact', idValue: `nosku${++n}@acme.example`, data: { qty: 1 } });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('Resource field "sku" is required');
    });

    it('given a refused upsert of a new value, then it leaves nothing behind: a later record with the value is found alone', async () => {
      const email = `refused${++n}@acme.example`;
      expect((await upsert({ objectId: INVENTORY, idField: 'contact', idValue: email, data: {} })).status).to.equal(400);
      const inserted = await insert({ sku: sku(), contact: email });
      const res = await upsert({ objectId: INVENTORY, idField: 'contact', idValue: email, data: { qty: 4 } });
      expect(res.status).to.equal(200);
      expect(res.body.operation).to.equal('updated');
      expect(res.body.record.id).to.equal(inserted.body.record.id);
    });

    it('given a record that left the value (changed by an upsert by another field), then a new upsert of the old value inserts', async () => {
      const s = sku();
      const email = `moved${++n}@acme.example`;
      const first = await upsert({ objectId: INVENTORY, idField: 'sku', idValue: s, data: { contact: email } });
      await upsert({ objectId: INVENTORY, idField: 'contact', idValue: email, data: { sku: `${s}-renamed` } });
      const again = await upsert({ objectId: INVENTORY, idField: 'sku', idValue: s, data: {} });
      expect(again.body.operation).to.equal('inserted');
      expect(again.body.record.id).to.not.equal(first.body.record.id);
    });
  });

  describe('conflicts', () => {
    it('given another record holding the unique sku, when upserting by another field, then it is reported and the write happens', async () => {
      const s = sku();
      const other = await insert({ sku: s });
      const res = await upsert({ objectId: INVENTORY, idField: 'contact', idValue: `conflict${++n}@acme.example`, data: { sku: s } });
      expect(res.status).to.equal(200);
      expect(res.body.operation).to.equal('inserted');
      expect(res.body.conflicts).to.deep.equal([{ recordId: other.body.record.id, field: 'sku', value: s }]);
      expect(res.body.conflictCount).to.equal(1);
    });
  });

  describe('customerIdFrom', () => {
    it('given a customer with the phone, then an upsert that supplies it links the record; one that does not keeps the link', async () => {
      await givenCustomerWithPhone(svc.deps.eventStore, 'acme', '+919800000077', 'cust-77');
      const s = sku();
      const linked = await upsert({ objectId: INVENTORY, idField: 'sku', idValue: s, data: { customerPhone: '+919800000077' } });
      expect(linked.body.record.customerId).to.equal('cust-77');
      const kept = await upsert({ objectId: INVENTORY, idField: 'sku', idValue: s, data: { qty: 1 } });
      expect(kept.body.record.customerId).to.equal('cust-77');
    });
  });

  describe('concurrency', () => {
    it('given concurrent upserts of the same new idValue, then exactly one record is made and the others merge into it', async () => {
      const s = sku();
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => upsert({ objectId: INVENTORY, idField: 'sku', idValue: s, data: { qty: i } })),
      );
      expect(answers.map((a) => a.status)).to.deep.equal(Array(12).fill(200));
      expect(new Set(answers.map((a) => a.body.record.id)).size).to.equal(1);
      expect(answers.filter((a) => a.body.operation === 'inserted')).to.have.length(1);
      expect(await recordsWithSku(s)).to.have.length(1);
    });

    it('given upserts that all read "no claim" before any appends (the claim race), then one wins and the losers merge into its record', async () => {
      const s = sku();
      const principal = svc.deps.directory().principalForToken(TOKENS.acmeAdmin) as Principal;
      // Called side by side in one tick, every call reads the claim stream before any call appends to it.
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => upsertRecord(svc.deps, principal, { objectId: INVENTORY, idField: 'sku', idValue: s, data: { qty: i } }, {
          accountId: 'acme', userId: 'tok-admin', requestId: `race-${i}`, now: new Date(),
        })),
      );
      const bodies = answers.map((a) => (E.isRight(a) ? (a.right.body as { operation: string; record: { id: string } }) : null));
      expect(bodies.every((b) => b !== null)).to.equal(true);
      expect(new Set(bodies.map((b) => b?.record.id)).size).to.equal(1);
      expect(bodies.filter((b) => b?.operation === 'inserted')).to.have.length(1);
      expect(await recordsWithSku(s)).to.have.length(1);
    });
  });
});
