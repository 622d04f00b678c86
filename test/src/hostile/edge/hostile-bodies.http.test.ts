import { expect } from 'chai';
import { gzipSync } from 'node:zlib';
import { BODY_ROUTES, EXECUTE_ACTION, MANUAL_TICKET, RECORD_INSERT, TICKET_LIST } from '../support/routes';
import { expectClientError } from '../support/error-shape';
import { HostileService, startHostileService } from '../support/hostile-service';

/** `{"a":{"a":...1...}}`, `depth` objects deep, as text (so that no serializer recursion is needed). */
const nestedText = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** One regression per row of issue 14's table, over every route that takes a body. */
describe('hostile request bodies answer a 4xx in the shape of docs/api/README.md (Errors), never a 500', function () {
  this.timeout(30_000);
  let h: HostileService;
  before(async () => {
    h = await startHostileService();
  });
  after(() => h.stop());

  describe('a "__proto__" key, top level or nested', () => {
    for (const route of BODY_ROUTES) {
      it(`given a nested "__proto__" key, when posted to the ${route.name} route, then 400 naming its place`, async () => {
        const res = await h.post(route.path, '{"customer":{"name":"x","__proto__":{"polluted":true}}}');
        expectClientError(res, route.name);
        expect(res.status).to.equal(400);
        expect(res.body.message).to.contain('customer.__proto__');
        expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
      });
    }

    it('given a "__proto__" key at the top level, when posted, then 400 naming it', async () => {
      const res = await h.post(MANUAL_TICKET.path, '{"__proto__":{"isAdmin":true},"query":"x"}');
      expectClientError(res, 'top-level __proto__');
      expect(res.body.message).to.match(/never accepted: remove __proto__$/);
    });

    it('given "constructor": { "prototype": ... } deep in record data, when inserted, then 400 naming both keys', async () => {
      const res = await h.post(RECORD_INSERT.path, JSON.stringify({ objectId: 'obj-inventory', data: { sku: 's', attributes: { constructor: { prototype: { x: 1 } } } } }));
      expectClientError(res, 'constructor.prototype');
      expect(res.body.message).to.contain('data.attributes.constructor and data.attributes.constructor.prototype');
    });
  });

  describe('a field nested 5,000 levels deep', () => {
    for (const route of BODY_ROUTES) {
      it(`given a field 5,000 levels deep, when posted to the ${route.name} route, then 400 saying the nesting limit and where`, async () => {
        const res = await h.post(route.path, `{"data":{"attributes":${nestedText(5_000)}},"inputs":{"orderId":${nestedText(5_000)}}}`);
        expectClientError(res, route.name);
        expect(res.status).to.equal(400);
        expect(res.body.message).to.match(/deeper than 32 levels at data\.attributes\.a\.a\.….*and inputs\.orderId\.a\.a\.….*: send at most 32 levels/);
      });
    }

    it('given record data 32 levels deep (the limit), when inserted, then it is not refused for its depth', async () => {
      const res = await h.post(RECORD_INSERT.path, `{"objectId":"obj-inventory","data":{"sku":"deep-ok","attributes":${nestedText(30)}}}`);
      expect(res.status, res.text).to.equal(200);
    });
  });

  describe('a Content-Encoding the body does not have', () => {
    for (const route of BODY_ROUTES) {
      it(`given Content-Encoding: gzip and a body that is not gzip, when posted to the ${route.name} route, then 400 saying so`, async () => {
        const res = await h.post(route.path, JSON.stringify(route.validBody()), { 'Content-Encoding': 'gzip' });
        expectClientError(res, route.name);
        expect(res.status).to.equal(400);
        expect(res.body.message).to.match(/not valid gzip data/);
      });
    }

    for (const encoding of ['deflate', 'br']) {
      it(`given Content-Encoding: ${encoding} and plain JSON, when posted, then 400`, async () => {
        const res = await h.post(TICKET_LIST.path, '{"page":1}', { 'Content-Encoding': encoding });
        expectClientError(res, encoding);
        expect(res.status).to.equal(400);
      });
    }

    it('given a gzip body cut short, when posted, then 400', async () => {
      const res = await h.post(TICKET_LIST.path, gzipSync(JSON.stringify({ search: 'x'.repeat(500) })).subarray(0, 30), { 'Content-Encoding': 'gzip' });
      expectClientError(res, 'truncated gzip');
      expect(res.status).to.equal(400);
    });

    it('given an encoding the service does not know, when posted, then 415 naming it and the accepted ones', async () => {
      const res = await h.post(TICKET_LIST.path, '{}', { 'Content-Encoding': 'zstd' });
      expectClientError(res, 'zstd');
      expect(res.status).to.equal(415);
      expect(res.body.message).to.equal('Content-Encoding "zstd" is not supported: send the body uncompressed, or compressed with one of gzip, deflate, br');
    });

    it('given a real gzip body, when posted, then it is read as JSON', async () => {
      const res = await h.post(TICKET_LIST.path, gzipSync(JSON.stringify({ page: 1, limit: 5 })), { 'Content-Encoding': 'gzip' });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.limit).to.equal(5);
    });
  });

  describe('a lone UTF-16 surrogate', () => {
    it('given a lone surrogate in an execute-action input, when run, then 400 naming the input and nothing is called', async () => {
      h.actionApi.received.splice(0);
      const res = await h.post(EXECUTE_ACTION.path, '{"executeActionKey":"check_eligibility","inputs":{"orderId":"A\\ud800B"}}');
      expectClientError(res, 'lone surrogate');
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/well-formed Unicode.*: fix inputs\.orderId$/);
      expect(h.actionApi.received).to.have.length(0);
    });

    it('given a lone low surrogate in a key, when posted, then 400 naming the key escaped', async () => {
      const res = await h.post(MANUAL_TICKET.path, '{"customer":{"\\udc00":"x"}}');
      expectClientError(res, 'surrogate key');
      expect(res.body.message).to.contain('customer."\\udc00"');
    });

    it('given a well-formed surrogate pair (an emoji), when run, then it is accepted', async () => {
      const res = await h.post(EXECUTE_ACTION.path, JSON.stringify({ executeActionKey: 'check_eligibility', inputs: { orderId: 'order-😀' } }));
      expect(res.status, res.text).to.equal(200);
    });
  });

  describe('bytes that are not UTF-8 (issue 57, point 4)', () => {
    for (const route of BODY_ROUTES) {
      it(`given the bytes FF FE C3 inside a string, when posted to the ${route.name} route, then 400 saying the body is not UTF-8`, async () => {
        const res = await h.post(route.path, Buffer.concat([Buffer.from('{"category":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]));
        expectClientError(res, route.name);
        expect(res.status).to.equal(400);
        expect(res.body.message).to.match(/not valid UTF-8: send its text encoded as UTF-8/);
      });
    }

    it('given a character cut after its first byte at the end of a gzip body, when posted, then 400 saying the body is not UTF-8', async () => {
      const res = await h.post(MANUAL_TICKET.path, gzipSync(Buffer.concat([Buffer.from('{"query":"caf'), Buffer.from([0xc3]), Buffer.from('"}')])), { 'Content-Encoding': 'gzip' });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/not valid UTF-8/);
    });

    it('given a body declared charset=iso-8859-1, when posted, then 415 asking for UTF-8', async () => {
      const res = await h.post(MANUAL_TICKET.path, Buffer.from('{"query":"caf\xe9"}', 'latin1'), { 'Content-Type': 'application/json; charset=iso-8859-1' });
      expectClientError(res, 'latin-1');
      expect(res.status).to.equal(415);
      expect(res.body.message).to.equal('Unsupported charset: send the JSON body as UTF-8');
    });

    it('given well-formed UTF-8 of two, three and four bytes and a leading byte order mark, when posted, then the text is kept as sent', async () => {
      const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ objectId: 'obj-inventory', data: { sku: 'utf8-café ☕ 😀' } }), 'utf8')]);
      const res = await h.post(RECORD_INSERT.path, body, { 'Content-Type': 'application/json; charset=utf-8' });
      expect(res.status, res.text).to.equal(200);
      expect(JSON.stringify(res.body)).to.contain('café ☕ 😀');
    });
  });

  describe('a huge search string', () => {
    it('given tickets and a 100 KB search, when listed, then 400 naming search and its limit', async () => {
      expect((await h.post(MANUAL_TICKET.path, JSON.stringify(MANUAL_TICKET.validBody()))).status).to.equal(200);
      const res = await h.post(TICKET_LIST.path, JSON.stringify({ search: 'a('.repeat(50_000) }));
      expectClientError(res, 'huge search');
      expect(res.body.message).to.equal('search must be at most 1000 characters, got 100000: shorten it');
    });

    it('given a search of exactly 1,000 characters of regex syntax, when listed, then 200', async () => {
      const res = await h.post(TICKET_LIST.path, JSON.stringify({ search: '(['.repeat(500) }));
      expect(res.status, res.text).to.equal(200);
    });
  });

  describe('huge error answers', () => {
    const manyKeys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));

    for (const route of BODY_ROUTES) {
      it(`given 10,000 unknown keys, when posted to the ${route.name} route, then a small 400 naming the first few and how many more`, async () => {
        const res = await h.post(route.path, JSON.stringify({ ...route.validBody(), ...manyKeys(10_000) }));
        expectClientError(res, route.name);
        expect(res.text).to.match(/"k0".*"k1".*"k2".*and 9997 more|k0.*k1.*and 99\d\d more/);
        expect(res.text).to.not.contain('k9999');
      });
    }

    it('given 999 unknown execute-action inputs (inputs hold at most 1,000 keys), when run, then a small 400 with the count', async () => {
      const res = await h.post(EXECUTE_ACTION.path, JSON.stringify({ executeActionKey: 'check_eligibility', inputs: { orderId: 'o', ...manyKeys(999) } }));
      expectClientError(res, 'unknown inputs');
      expect(res.body.message).to.match(/^999 problems: .* and 994 more$/);
      expect(res.body.errors).to.have.length(10);
      expect(res.body.omitted).to.deep.equal({ errors: 989 });
    });

    it('given 999 unknown record data keys (data holds at most 1,000 keys), when inserted, then a small 400 naming the first and how many more', async () => {
      const res = await h.post(RECORD_INSERT.path, JSON.stringify({ objectId: 'obj-inventory', data: { sku: 'many', ...manyKeys(999) } }));
      expectClientError(res, 'unknown data keys');
      expect(res.body.message).to.equal('Unknown resource field "k0"; and 998 more problems (errors lists the first 10)');
      expect(res.body.errors).to.have.length(10);
      expect(res.body.omitted).to.deep.equal({ errors: 989 });
    });
  });

  it('after all of it, the service still answers', async () => {
    const res = await h.post(TICKET_LIST.path, '{}');
    expect(res.status).to.equal(200);
  });
});
