import { expect } from 'chai';
import { createTicket, OPERATOR_TOKEN, readFeed, startAuditedService } from '../audit/audit-service';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { verifyConsistency } from './rfc9162-consistency';
import { checkpointOfAtLeast as latestCheckpointOf, checkpointRoot, verifyWithSigstore } from './api-proofs';


describe('transparency: checkpoints and proofs over HTTP (/admin/log)', function () {
  this.timeout(60_000);
  let svc: TestService;

  before(async () => {
    svc = await startAuditedService({ env: { LOG_CHECKPOINT_MS: '150' } });
  });
  after(async () => svc.stop());

  const checkpointOfAtLeast = (size: number) => latestCheckpointOf(svc, size);

  it('given tickets created, then every event of a ticket\'s trail has a proof that sigstore verifies against its feed line and the signed checkpoint', async () => {
    // given
    const ticketId = await createTicket(svc, '+14155550101');
    const feed = await readFeed(svc, `stream=ticket-${ticketId}`);
    const head = await readFeed(svc, '');
    const latest = await checkpointOfAtLeast(head.events.length);
    // when
    const res = await svc.api('GET', `/admin/log/tickets/${ticketId}/inclusion`, { token: TOKENS.acmeAdmin });
    // then
    expect(res.status).to.equal(200);
    expect(res.body.pending).to.deep.equal([]);
    expect(res.body.events.map((e: any) => e.position)).to.deep.equal(feed.events.map((e) => e.position));
    res.body.events.forEach((proof: any, i: number) =>
      verifyWithSigstore(feed.events[i], proof, res.body.treeSize, res.body.checkpoint, latest.verifierKey));
    expect(latest.checkpoint.split('\n')[0]).to.equal('support-service/log');
    expect(latest.rootHash).to.equal(checkpointRoot(latest.checkpoint).toString('base64'));
  });

  it('given an event\'s position, then its proof verifies; a changed feed line does not (the check can fail)', async () => {
    const head = await readFeed(svc, '');
    const latest = await checkpointOfAtLeast(head.events.length);
    const line = head.events[3];
    const res = await svc.api('GET', `/admin/log/inclusion?position=${line.position}&size=${latest.size}`, { token: OPERATOR_TOKEN });
    expect(res.status).to.equal(200);
    verifyWithSigstore(line, res.body, latest.size, latest.checkpoint, latest.verifierKey);
    expect(() => verifyWithSigstore({ ...line, type: 'Forged' }, res.body, latest.size, latest.checkpoint, latest.verifierKey)).to.throw(/root hash/);
  });

  it('given yesterday\'s checkpoint and today\'s, then the consistency proof shows the log only grew', async () => {
    // given
    await createTicket(svc, '+14155550102');
    const older = await checkpointOfAtLeast(1);
    await createTicket(svc, '+14155550103');
    const newer = await checkpointOfAtLeast(older.size + 1);
    // when
    const res = await svc.api('GET', `/admin/log/consistency?from=${older.size}&to=${newer.size}`, { token: TOKENS.acmeAdmin });
    // then
    expect(res.status).to.equal(200);
    const proof = res.body.hashes.map((h: string) => Buffer.from(h, 'base64'));
    expect(verifyConsistency(older.size, newer.size, checkpointRoot(older.checkpoint), checkpointRoot(newer.checkpoint), proof)).to.equal(true);
    expect(verifyConsistency(older.size, newer.size, Buffer.alloc(32, 1), checkpointRoot(newer.checkpoint), proof)).to.equal(false);
  });

  it('given a checkpoint that is no longer the latest, when a proof is asked at its size, then the answer carries that checkpoint\'s note like every other (issue 57)', async () => {
    // given
    await createTicket(svc, '+14155550105');
    const older = await checkpointOfAtLeast(1);
    await createTicket(svc, '+14155550106');
    await checkpointOfAtLeast(older.size + 1);
    // when
    const res = await svc.api('GET', `/admin/log/consistency?from=${older.size}&to=${older.size}`, { token: TOKENS.acmeAdmin });
    // then
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ from: older.size, to: older.size, checkpoint: older.checkpoint });
  });

  it('given another account\'s admin or an agent, then the ticket\'s proofs are not found or refused', async () => {
    const ticketId = await createTicket(svc, '+14155550104');
    const feed = await readFeed(svc, `stream=ticket-${ticketId}`);
    await checkpointOfAtLeast(1);
    expect((await svc.api('GET', `/admin/log/tickets/${ticketId}/inclusion`, { token: TOKENS.globexAdmin })).status).to.equal(404);
    const byPosition = await svc.api('GET', `/admin/log/inclusion?position=${feed.events[0].position}`, { token: TOKENS.globexAdmin });
    expect(byPosition.status).to.equal(404);
    expect((await svc.api('GET', '/admin/log/checkpoint', { token: TOKENS.acmeAgent })).status).to.equal(403);
  });

  it('given a malformed or unknown parameter, then a 400 says what to send', async () => {
    const bad = await svc.api('GET', '/admin/log/inclusion?position=abc', { token: OPERATOR_TOKEN });
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.match(/position must be an event's position as the feed prints it/);
    const unknown = await svc.api('GET', '/admin/log/consistency?from=1&colour=red', { token: OPERATOR_TOKEN });
    expect(unknown.body.message).to.equal('Unknown parameter "colour": accepted are from, to');
    const backwards = await svc.api('GET', '/admin/log/consistency?from=3&to=2', { token: OPERATOR_TOKEN });
    expect(backwards.status).to.equal(400);
    const tooLarge = await svc.api('GET', '/admin/log/consistency?from=1&to=999999', { token: OPERATOR_TOKEN });
    expect(tooLarge.body.message).to.match(/larger than the tree/);
  });
});
