import { expect } from 'chai';
import { deflateSync } from 'node:zlib';
import { HostileService, startHostileService } from '../support/hostile-service';
import { EXECUTE_ACTION, RECORD_INSERT, TEMPLATE_SEND, TICKET_LIST } from '../support/routes';
import { expectClientError, MAX_ERROR_BYTES } from '../support/error-shape';

/**
 * Counterexamples the fuzz suite found, shrunk and kept as fixed cases. Each request goes on the
 * same keep-alive connection as the next, as fetch pools them.
 */
describe('fuzz counterexamples, fixed', function () {
  this.timeout(30_000);
  let h: HostileService;
  before(async () => {
    h = await startHostileService();
  });
  after(() => h.stop());

  /** The next requests on the pooled connection are answered (not reset). */
  const expectConnectionStillServes = async () => {
    for (let i = 0; i < 3; i += 1) expect((await h.post(TICKET_LIST.path, '{}')).status).to.equal(200);
  };

  it('given 200 KB of plain JSON labelled Content-Encoding: br, when posted, then 400 and the connection still serves the next requests', async () => {
    const res = await h.post(TICKET_LIST.path, JSON.stringify({ search: 'a'.repeat(200_000) }), { 'Content-Encoding': 'br' });
    expectClientError(res, 'plain JSON labelled br');
    await expectConnectionStillServes();
  });

  it('given a deflate body that inflates past 1 MB, when posted, then 413 and the connection still serves the next requests', async () => {
    const res = await h.post(RECORD_INSERT.path, deflateSync(JSON.stringify({ objectId: 'obj-inventory', data: { sku: 'x'.repeat(3_000_000) } })), { 'Content-Encoding': 'deflate' });
    expect(res.status).to.equal(413);
    expectClientError(res, 'deflate bomb');
    expect(res.body.message).to.equal('Request body is too large: send at most 1 MB of JSON (counted after decompression)');
    await expectConnectionStillServes();
  });

  it('given a 256-character action id (its most) of 4-byte characters (seed 212987584), when run, then a 404 of at most 4 KB', async () => {
    const res = await h.post(EXECUTE_ACTION.path, JSON.stringify({ workflowConfigLibraryId: '😀'.repeat(256), inputs: {} }));
    expect(res.status).to.equal(404);
    expectClientError(res, 'long action id');
    expect(Buffer.byteLength(res.text)).to.be.at.most(MAX_ERROR_BYTES);
    expect(res.body.message).to.match(/^Execute action "(?:😀){256}"/u);
  });

  it('given a 1,001-character action id of 4-byte characters (seed 212987584), when run, then a small 400 naming the id and its 256 characters at most', async () => {
    const res = await h.post(EXECUTE_ACTION.path, JSON.stringify({ workflowConfigLibraryId: '😀'.repeat(1_001), inputs: {} }));
    expect(res.status).to.equal(400);
    expectClientError(res, 'long action id');
    expect(Buffer.byteLength(res.text)).to.be.at.most(MAX_ERROR_BYTES);
    expect(res.body.message).to.equal('workflowConfigLibraryId must be at most 256 characters, got 1001: shorten it');
  });

  it('given a 200 KB body of another content type, when posted, then 415 and the connection still serves the next requests', async () => {
    const res = await h.post(TEMPLATE_SEND.path, 'x'.repeat(200_000), { 'Content-Type': 'text/plain' });
    expect(res.status).to.equal(415);
    await expectConnectionStillServes();
  });
});
