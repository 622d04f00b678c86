import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { downloadCsv, exportAndWait } from '../exports/support/export-api';

/** Asia/Kolkata wall time (the acme account's zone) as an instant. */
const ist = (local: string): number => Date.parse(`${local}:00+05:30`);

type Config = { accounts: Record<string, unknown>[] };
const withAcme = (change: (acme: Record<string, unknown>) => void): Config => {
  const config = withoutRateLimits(exampleConfig()) as Config;
  change(config.accounts.find((a) => a.id === 'acme')!);
  return config;
};

/**
 * SLA targets are recorded on each ticket when it is created (TicketCreated's slaTargets, with
 * their due moments on the account's clock then), so a later change of the account's policies or
 * opening hours applies to tickets created after it, and the export measures every ticket by its own.
 */
describe('SLA: each ticket keeps the targets it was created under (HTTP)', function () {
  this.timeout(60_000);
  let dataDir: string;
  let svc: TestService | null = null;
  let now = ist('2026-11-27T17:00');
  const ids: Record<string, string> = {};
  let phone = 0;

  const start = async (config: Config) => {
    svc = await startTestService({ config, dataDir, overrides: { clock: { now: () => new Date(now) } } });
  };
  const create = async (name: string) => {
    const r = await svc!.api('POST', '/apis/tickets/manual', {
      token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415777${String(1000 + phone++)}` }, query: `${name} question`, orderName: 'SLA-KEPT', fastResponse: false },
    });
    expect(r.status, r.text).to.equal(200);
    ids[name] = r.body.ticketId;
  };
  const createdEvent = async (name: string) => {
    const r = await svc!.api('GET', `/apis/tickets/${ids[name]}/events`, { token: TOKENS.acmeAdmin });
    expect(r.status, r.text).to.equal(200);
    const events = (r.body.events ?? r.body) as { type: string; data: Record<string, unknown> }[];
    return events.find((e) => e.type === 'TicketCreated')!.data;
  };

  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'support-sla-'));
    // given: acme's opening hours (Mon-Thu 09:00-18:00, Fri 09:00-13:00 and 14:00-18:00, IST) and a first response target of 60 minutes
    await start(withAcme(() => undefined));
    now = ist('2026-11-27T17:30'); // Friday: 30 minutes today, 30 on Monday
    await create('old');
    await svc!.stop({ remove: false });
    // when: the account drops its opening hours, halves the first response target and adds a policy
    await start(withAcme((acme) => {
      delete acme.openingHours;
      acme.slaPolicies = [
        { label: 'First Response', metric: 'firstResponse', targetMinutes: 30 },
        { label: 'Resolution', metric: 'resolution', targetMinutes: 1440 },
        { label: 'Resolution', metric: 'resolution', targetMinutes: 2880 },
        { label: 'Callback', metric: 'firstResponse', targetMinutes: 10 },
      ];
    }));
    now = ist('2026-11-27T17:40');
    await create('new');
  });
  after(async () => {
    await svc?.stop({ remove: false });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given a ticket created before the change, then its TicketCreated records the targets and due moments of then', async () => {
    expect((await createdEvent('old')).slaTargets).to.deep.equal([
      // 30 minutes on Friday and 30 on Monday; 24 opening hours (Friday, Monday, Tuesday, Wednesday to 14:30); 48 (to the next Monday 12:30)
      { label: 'First Response', metric: 'firstResponse', targetMinutes: 60, dueAt: new Date(ist('2026-11-30T09:30')).toISOString(), warningMinutes: 15 },
      { label: 'Resolution', metric: 'resolution', targetMinutes: 1440, dueAt: new Date(ist('2026-12-02T14:30')).toISOString() },
      { label: 'Resolution', metric: 'resolution', targetMinutes: 2880, dueAt: new Date(ist('2026-12-07T12:30')).toISOString() },
    ]);
    expect((await createdEvent('new')).slaTargets).to.deep.include({ label: 'Callback', metric: 'firstResponse', targetMinutes: 10, dueAt: new Date(ist('2026-11-27T17:50')).toISOString() });
  });

  it('given the export after the change, then each ticket is measured by its own targets, and a policy it was not created under leaves its cell empty', async () => {
    // when: Saturday 10:00, neither ticket answered
    now = ist('2026-11-28T10:00');
    const { done } = await exportAndWait(svc!, { orderName: 'SLA-KEPT', sortOrder: 'asc' });
    expect(done.body.job.status, JSON.stringify(done.body)).to.equal('succeeded');
    const csv = await downloadCsv(done.body.downloadUrl);
    const [oldRow, newRow] = csv.rows;
    // then: the old ticket's first response is due Monday 09:30 on the opening hours it was created under: still pending
    expect(oldRow).to.include({ 'SLA: First Response': 'Pending', 'SLA: Resolution': 'Pending', 'SLA: Resolution 2': 'Pending', 'SLA: Callback': '' });
    // the new ticket's 30 minutes in plain time ran out at 18:10 on Friday
    expect(newRow).to.include({ 'SLA: First Response': 'Breached', 'SLA: Resolution': 'Pending', 'SLA: Callback': 'Breached' });
  });
});
