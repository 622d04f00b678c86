import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';

const MANUAL = '/apis/tickets/manual';
/** Space left beside the filler file: a few hundred tickets' worth before the disk is full. */
const SLACK_BYTES = 1_500_000;

const create = (svc: TestService, i: number) =>
  svc.api('POST', MANUAL, { token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415${String(5_000_000 + i).padStart(7, '0')}`, name: `Disk ${i}` }, query: `ticket ${i} ${'x'.repeat(400)}` } });

describe('a full disk (a small tmpfs as DATA_DIR): 503 and not 500, ready 503 while writes fail, writes back by themselves when space returns, nothing acknowledged lost', function () {
  this.timeout(180_000);
  let mountPoint: string;
  let mounted = false;
  let svc: TestService | null = null;

  before(function () {
    mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-full-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mountPoint], { stdio: 'pipe' });
      mounted = true;
    } catch (e) {
      // eslint-disable-next-line no-console
      console.log(`      skipped: mounting a tmpfs needs root (${(e as Error).message.split('\n')[0]})`);
      this.skip();
    }
  });

  after(async () => {
    await svc?.stop();
    if (mounted) execFileSync('umount', [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  it('given a service whose disk fills while tickets are created, then every create answers 200 or 503 with Retry-After, ready answers 503 and reads 200 while writes fail; when space returns, ready answers 200 at its next check and the next create is accepted, without a restart; after a restart every acknowledged ticket is there', async () => {
    // given a service on the small disk, and a filler file that leaves it little room
    const dataDir = path.join(mountPoint, 'data');
    const config = withoutRateLimits(exampleConfig());
    svc = await startTestService({ config, dataDir });
    const filler = path.join(mountPoint, 'filler');
    const { bavail, bsize } = fs.statfsSync(mountPoint);
    fs.writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - SLACK_BYTES)));

    // when tickets are created until writes keep failing
    const acknowledged: string[] = [];
    const refused: { status: number; retryAfter: string | null; message: unknown }[] = [];
    let i = 0;
    let failingInARow = 0;
    while (failingInARow < 5 && i < 5_000) {
      const res = await create(svc, i++);
      if (res.status === 200) {
        acknowledged.push(res.body.ticketId);
        failingInARow = 0;
      } else {
        refused.push({ status: res.status, retryAfter: res.headers.get('retry-after'), message: res.body.message });
        failingInARow++;
      }
    }

    // then no 500: the refused creates are 503 with Retry-After and the error body of docs/api/README.md
    expect(failingInARow, `the disk never filled after ${i} creates`).to.equal(5);
    expect(acknowledged.length).to.be.greaterThan(0);
    for (const r of refused) {
      expect(r.status, JSON.stringify(r)).to.equal(503);
      expect(r.retryAfter).to.not.equal(null);
      expect(String(r.message)).to.match(/cannot store data/);
    }
    // ready says so while writes fail; reads keep working
    const ready = await svc.api('GET', '/health/ready');
    expect(ready.status).to.equal(503);
    expect(ready.body).to.deep.equal({ status: 'storage_unavailable' });
    const read = await svc.api('GET', `/apis/tickets/${acknowledged[0]}`, { token: TOKENS.acmeAdmin });
    expect(read.status).to.equal(200);

    // when space returns
    fs.rmSync(filler);
    // then storage is ready at once (a balancer sends writes again); the read models, which could not
    // write while the disk was full, may be behind the log for a moment and catch up by themselves
    const readyBack = await svc.api('GET', '/health/ready');
    expect(readyBack.body.status, 'storage ready at the first check after space returned').to.be.oneOf(['ready', 'projections_behind']);
    const caughtUpBy = Date.now() + 10_000;
    let caughtUp = readyBack;
    while (caughtUp.body.status !== 'ready' && Date.now() < caughtUpBy) {
      await new Promise((r) => setTimeout(r, 200));
      caughtUp = await svc.api('GET', '/health/ready');
    }
    expect(caughtUp.body, 'ready once the read models caught up').to.deep.equal({ status: 'ready' });
    const next = await create(svc, i++);
    expect(next.status, JSON.stringify(next.body)).to.equal(200);
    acknowledged.push(next.body.ticketId);
    for (let k = 0; k < 20; k++) {
      const res = await create(svc, i++);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      acknowledged.push(res.body.ticketId);
    }

    // and after a restart every acknowledged ticket is there
    await svc.stop();
    svc = await startTestService({ config, dataDir });
    const missing: string[] = [];
    for (const id of acknowledged) {
      if ((await svc.api('GET', `/apis/tickets/${id}`, { token: TOKENS.acmeAdmin })).status !== 200) missing.push(id);
    }
    expect(missing, `of ${acknowledged.length} acknowledged`).to.deep.equal([]);
    const readyAgain = await svc.api('GET', '/health/ready');
    expect(readyAgain.status).to.equal(200);
  });
});
