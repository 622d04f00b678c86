import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { exampleConfig, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { createSlaTicket, slaEventsOnce, ticketSla } from './support/sla-api';

type Config = { accounts: Record<string, unknown>[] };
const MINUTE = 60_000;

/**
 * A due moment that passes while the service is down is recorded when it is back: the breach
 * carries its true due moment and how late it was recorded, once, whatever the restarts.
 */
describe('SLA: breaches due while the service was down (HTTP, restarts)', function () {
  this.timeout(60_000);
  let dataDir: string;
  let svc: TestService | null = null;
  const t0 = Date.parse('2027-01-12T10:00:00Z');
  let now = t0;

  const config = (): Config => {
    // acme in plain time: a first response target of 60 minutes
    const c = withoutRateLimits(exampleConfig()) as Config;
    delete c.accounts.find((a) => a.id === 'acme')!.openingHours;
    return c;
  };
  const start = async () => {
    svc = await startTestService({ config: config(), dataDir, overrides: { clock: { now: () => new Date(now) } } });
  };
  const slaEvents = async (ticketId: string) => (await ticketSla(svc!, ticketId)).events;

  before(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'support-sla-restart-'));
  });
  after(async () => {
    await svc?.stop({ remove: false });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given a ticket nobody answered and the service stopped, when it starts again three hours later, then the breach is recorded within seconds with its true due moment, and not again after another restart', async () => {
    // given
    await start();
    const id = await createSlaTicket(svc!, '+14157880001', 'SLA-RESTART');
    await svc!.stop({ remove: false });
    // when: the service is back three hours later
    now = t0 + 180 * MINUTE;
    await start();
    // then
    const events = await slaEventsOnce(svc!, id, 1);
    expect(events.map((e) => e.type)).to.deep.equal(['SlaBreached']);
    expect(events[0].data).to.include({ label: 'First Response', dueAt: new Date(t0 + 60 * MINUTE).toISOString(), recordedAt: new Date(now).toISOString(), lateMs: 120 * MINUTE });
    // and after another restart, nothing is recorded twice
    await svc!.stop({ remove: false });
    now += MINUTE;
    await start();
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await slaEvents(id)).map((e) => e.type)).to.deep.equal(['SlaBreached']);
  });
});
