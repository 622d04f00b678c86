import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startTestService, TestService } from '../support/test-service';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';

const CLI = path.resolve(__dirname, '..', '..', '..', 'app', 'dist', 'audit-events.js');

describe('auditor replay (npm run events)', function () {
  this.timeout(30_000);
  let svc: TestService;
  let ticketId: string;
  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
    const res = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { phone: '+14155550142' }, query: 'Where is my order?', fastResponse: true } });
    ticketId = res.body.ticketId;
    await svc.stop({ remove: false });
  });
  after(async () => svc.stop({ remove: true }).catch(() => undefined));

  const run = (...args: string[]) =>
    execFileSync(process.execPath, [CLI, ...args], { env: { ...process.env, DATA_DIR: svc.dataDir, EVENTSTORE_URL: '' } }).toString().trim().split('\n').map((l) => JSON.parse(l));

  it('given a ticket, when its stream is printed, then each event comes with who asked and in which request', () => {
    const events = run(`ticket-${ticketId}`);
    expect(events[0]).to.include({ streamName: `ticket-${ticketId}`, revision: '0', type: 'TicketCreated' });
    expect(events[0].metadata).to.include({ accountId: 'acme', userId: 'tok-admin', version: 1 });
    expect(events[0].metadata.requestId).to.be.a('string');
  });

  it('given the whole log, when printed with a prefix, then events come in global order', () => {
    const events = run('--all', '--prefix', 'customer');
    expect(events.length).to.be.greaterThan(0);
    expect(events.every((e) => e.streamName.startsWith('customer'))).to.equal(true);
    const positions = events.map((e) => Number(e.position.split('/')[0]));
    expect(positions).to.deep.equal([...positions].sort((a, b) => a - b));
  });
});
