import { expect } from 'chai';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { downloadCsv, exportAndWait } from '../exports/support/export-api';
import { WebhookReceiver } from '../webhooks/webhook-receiver';
import { startBulk, waitForBulk } from '../bulk-updates/support';
import { createSlaTicket, deliveredWebhooks, slaEventsOnce, startSlaDesk, ticketSla } from './support/sla-api';

const MINUTE = 60_000;

/**
 * Through the API, with the service's clock moved: the demo account's first-response target (60
 * minutes) warns 15 minutes before it is due; a ticket marked stale (waiting on the customer) stops
 * its resolution clocks until it returns, and its due moments move by the time it waited.
 */
describe('SLA: warnings before the due moment, and pauses while the ticket waits on the customer (HTTP)', function () {
  this.timeout(60_000);
  let svc: TestService;
  let receiver: WebhookReceiver;
  const t0 = Date.parse('2027-01-12T10:00:00Z');
  let now = t0;
  let phone = 0;

  const create = (orderName = 'SLA-WARN') => createSlaTicket(svc, `+1415777${String(1000 + phone++)}`, orderName);
  const setStatus = async (ticketId: string, status: string) => {
    const r = await svc.api('POST', `/apis/tickets/${ticketId}/status`, { token: TOKENS.acmeAdmin, body: { status } });
    expect(r.status, r.text).to.equal(200);
  };
  const sla = (ticketId: string) => ticketSla(svc, ticketId);
  const eventually = (ticketId: string, count: number) => slaEventsOnce(svc, ticketId, count);

  before(async () => {
    // given: acme without opening hours (its demo policies: first response 60 minutes warned 15 before, resolutions of one and two days)
    ({ svc, receiver } = await startSlaDesk(() => now, ['ticket.sla_warning', 'ticket.sla_paused', 'ticket.sla_resumed', 'ticket.sla_breached']));
  });
  after(async () => {
    await svc?.stop();
    await receiver?.stop();
  });

  it('given a ticket nobody answers, when its first response is 15 minutes from due, then SlaWarned is recorded and ticket.sla_warning delivered, once, before the breach', async () => {
    now = t0;
    const id = await create();
    // when: 44 minutes pass, nothing; at 45, the warning
    now = t0 + 44 * MINUTE;
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await sla(id)).events).to.deep.equal([]);
    now = t0 + 45 * MINUTE;
    const events = await eventually(id, 1);
    // then
    expect(events.map((e) => e.type)).to.deep.equal(['SlaWarned']);
    const hooks = await deliveredWebhooks(receiver, id, 'ticket.sla_warning');
    expect(hooks.map((h) => h.json.data)).to.deep.equal([{
      ticketId: id, label: 'First Response', metric: 'firstResponse', dueAt: new Date(t0 + 60 * MINUTE).toISOString(), warningMinutes: 15, warnedAt: new Date(t0 + 45 * MINUTE).toISOString(),
    }]);
    // and past the due moment, the breach follows; the warning is not repeated
    now = t0 + 61 * MINUTE;
    expect((await eventually(id, 2)).map((e) => e.type)).to.deep.equal(['SlaWarned', 'SlaBreached']);
    expect(await deliveredWebhooks(receiver, id, 'ticket.sla_warning')).to.have.length(1);
  });

  it('given a ticket waiting on the customer (stale), when its resolution due moment passes, then nothing breaches; when it returns, it is due later by the time it waited', async () => {
    now = t0;
    const id = await create('SLA-PAUSE');
    // given: marked stale 6 hours in (18 hours of the one-day target left, 42 of the two-day one)
    now = t0 + 6 * 60 * MINUTE;
    await setStatus(id, 'stale');
    const paused = await sla(id);
    expect(paused.targets.map((t) => [t.label, t.dueAt, t.pausedAt ?? null])).to.deep.equal([
      ['First Response', new Date(t0 + 60 * MINUTE).toISOString(), null],
      ['Resolution', null, new Date(now).toISOString()],
      ['Resolution', null, new Date(now).toISOString()],
    ]);
    expect((await deliveredWebhooks(receiver, id, 'ticket.sla_paused', 2)).map((h) => h.json.data.dueAt)).to.have.members([new Date(t0 + 1440 * MINUTE).toISOString(), new Date(t0 + 2880 * MINUTE).toISOString()]);
    // when: three days pass (both old due moments)
    now = t0 + 3 * 1440 * MINUTE;
    await new Promise((r) => setTimeout(r, 1_500));
    // then: only the first response (never answered) is breached; the resolutions are pending
    const waiting = await sla(id);
    expect(waiting.targets.map((t) => t.state)).to.deep.equal(['breached', 'pending', 'pending']);
    // and the export says the same
    const { done } = await exportAndWait(svc, { orderName: 'SLA-PAUSE' });
    const [row] = (await downloadCsv(done.body.downloadUrl)).rows;
    expect(row).to.include({ 'SLA: First Response': 'Breached', 'SLA: Resolution': 'Pending', 'SLA: Resolution 2': 'Pending' });
    // when: the customer answers and the ticket reopens
    const back = now;
    await setStatus(id, 'open');
    // then: each resolution is due what was left of it after the reopening
    const resumed = await sla(id);
    expect(resumed.targets.slice(1).map((t) => [t.dueAt, t.pausedAt ?? null])).to.deep.equal([
      [new Date(back + 18 * 60 * MINUTE).toISOString(), null],
      [new Date(back + 42 * 60 * MINUTE).toISOString(), null],
    ]);
    expect((await deliveredWebhooks(receiver, id, 'ticket.sla_resumed', 2)).length).to.equal(2);
    expect(resumed.events.map((e) => e.type).sort()).to.deep.equal(['SlaBreached', 'SlaPaused', 'SlaPaused', 'SlaResumed', 'SlaResumed']);
    // and the SLA queue (breached: its first response was) says when it is due next
    const queue = await svc.api('GET', '/apis/sla/queue?state=breached', { token: TOKENS.acmeAdmin });
    expect(queue.status, queue.text).to.equal(200);
    const item = queue.body.tickets.find((d: { id: string }) => d.id === id);
    expect(item?.nextDueAt, queue.text).to.equal(new Date(back + 18 * 60 * MINUTE).toISOString());
  });

  it('given two tickets, when a bulk update marks them stale, then each one\'s resolution targets pause as the single-ticket route pauses them', async () => {
    now = t0;
    const ids = [await create('SLA-BULK'), await create('SLA-BULK')];
    // when: 6 hours in, one bulk status change
    now = t0 + 6 * 60 * MINUTE;
    const started = await startBulk(svc, { ticketIds: ids, changes: { status: { status: 'stale' } } });
    expect(started.status, started.text).to.equal(202);
    const done = await waitForBulk(svc, started.body.jobId);
    // then
    expect(done.body.job.changed, done.text).to.equal(2);
    for (const id of ids) {
      const paused = await sla(id);
      expect(paused.targets.map((t) => [t.label, t.dueAt, t.pausedAt ?? null])).to.deep.equal([
        ['First Response', new Date(t0 + 60 * MINUTE).toISOString(), null],
        ['Resolution', null, new Date(now).toISOString()],
        ['Resolution', null, new Date(now).toISOString()],
      ]);
    }
  });
});
