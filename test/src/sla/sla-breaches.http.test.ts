import { expect } from 'chai';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { downloadCsv, exportAndWait } from '../exports/support/export-api';
import { WebhookReceiver } from '../webhooks/webhook-receiver';
import { createSlaTicket, deliveredWebhooks, startSlaDesk } from './support/sla-api';

type TrailEvent = { type: string; data: Record<string, unknown> };
const MINUTE = 60_000;

/**
 * SLA outcomes are events at their moment: the SLA watcher records a breach within seconds of its
 * due moment (the service's clock is moved past it, not waited for), and a target met as soon as
 * its metric happened; neither is recorded twice, and a later metric does not undo a breach.
 */
describe('SLA: breaches and met targets recorded as events on the ticket (HTTP)', function () {
  this.timeout(60_000);
  let svc: TestService;
  let receiver: WebhookReceiver;
  const t0 = Date.parse('2027-01-12T10:00:00Z');
  let now = t0;
  let phone = 0;

  const create = () => createSlaTicket(svc, `+1415666${String(1000 + phone++)}`, 'SLA-LIVE');
  const reply = async (ticketId: string, messageId: string) => {
    const r = await svc.api('POST', `/apis/tickets/${ticketId}/emails`, {
      token: TOKENS.acmeAdmin,
      body: { messageId, threadId: `th-${messageId}`, emailClient: 'gmail', from: 'support@acme.example', to: ['kim@example.com'], sentAt: new Date(now).toISOString() },
    });
    expect(r.status, r.text).to.equal(200);
  };
  const trail = async (ticketId: string): Promise<TrailEvent[]> => {
    const r = await svc.api('GET', `/apis/tickets/${ticketId}/events`, { token: TOKENS.acmeAdmin });
    expect(r.status, r.text).to.equal(200);
    return (r.body.events ?? r.body) as TrailEvent[];
  };
  const slaEvents = async (ticketId: string) => (await trail(ticketId)).filter((e) => e.type === 'SlaMet' || e.type === 'SlaBreached');
  /** The ticket's SLA events once they are `count` (within 5 s, the promise), or the test fails. */
  const eventually = async (ticketId: string, count: number): Promise<TrailEvent[]> => {
    const until = Date.now() + 5_000;
    for (;;) {
      const events = await slaEvents(ticketId);
      if (events.length >= count || Date.now() > until) return events;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  before(async () => {
    // given: acme without opening hours: a first response target of 60 minutes, resolution targets of one and two days
    // and an integrator subscribed to SLA outcomes
    ({ svc, receiver } = await startSlaDesk(() => now, ['ticket.sla_met', 'ticket.sla_breached']));
  });
  after(async () => {
    await svc?.stop();
    await receiver?.stop();
  });

  it('given a ticket answered within its target, then SlaMet is recorded with the moment of the answer, once', async () => {
    const id = await create();
    now = t0 + 30 * MINUTE;
    await reply(id, 'met-1');
    const events = await eventually(id, 1);
    expect(events.map((e) => e.type)).to.deep.equal(['SlaMet']);
    expect(events[0].data).to.include({ label: 'First Response', metric: 'firstResponse', target: 0, metAt: new Date(t0 + 30 * MINUTE).toISOString(), dueAt: new Date(t0 + 60 * MINUTE).toISOString() });
    expect((await deliveredWebhooks(receiver, id, 'ticket.sla_met')).map((h) => h.json.data.metAt)).to.deep.equal([new Date(t0 + 30 * MINUTE).toISOString()]);
    now = t0 + 35 * MINUTE;
    await reply(id, 'met-2');
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await slaEvents(id)).map((e) => e.type)).to.deep.equal(['SlaMet']);
  });

  it('given a ticket nobody answers, when its due moment passes, then SlaBreached is recorded within seconds with its due moment, and a later answer does not undo it', async () => {
    now = t0;
    const id = await create();
    // when: the clock passes the due moment (60 minutes) by a minute
    now = t0 + 61 * MINUTE;
    const events = await eventually(id, 1);
    // then
    expect(events.map((e) => e.type)).to.deep.equal(['SlaBreached']);
    expect(events[0].data).to.include({ label: 'First Response', metric: 'firstResponse', target: 0, dueAt: new Date(t0 + 60 * MINUTE).toISOString() });
    expect(events[0].data.lateMs).to.be.within(MINUTE, MINUTE + 1);
    const hooks = await deliveredWebhooks(receiver, id, 'ticket.sla_breached');
    expect(hooks.map((h) => h.json.data)).to.deep.equal([{
      ticketId: id, label: 'First Response', metric: 'firstResponse', dueAt: new Date(t0 + 60 * MINUTE).toISOString(), recordedAt: events[0].data.recordedAt, lateMs: events[0].data.lateMs,
    }]);
    await reply(id, 'late-1');
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await slaEvents(id)).map((e) => e.type)).to.deep.equal(['SlaBreached']);
    // and the ticket's SLA route says so, beside the targets still pending
    const sla = await svc.api('GET', `/apis/tickets/${id}/sla`, { token: TOKENS.acmeAdmin });
    expect(sla.status, sla.text).to.equal(200);
    expect(sla.body.targets.map((t: { label: string; state: string }) => [t.label, t.state])).to.deep.equal([['First Response', 'breached'], ['Resolution', 'pending'], ['Resolution', 'pending']]);
    expect(sla.body.targets[0]).to.include({ dueAt: new Date(t0 + 60 * MINUTE).toISOString(), happenedAt: new Date(t0 + 61 * MINUTE).toISOString() });
    expect(sla.body.events.map((e: TrailEvent) => e.type)).to.deep.equal(['SlaBreached']);
  });

  it('given the breach and the targets still open, then the metrics count the breach by policy and the tickets due in the next hour', async () => {
    // given: a third ticket whose first response is due in 60 minutes
    now = t0 + 61 * MINUTE;
    await create();
    // when
    const metrics = (await svc.api('GET', '/metrics')).text;
    // then
    expect(metrics).to.match(/^support_sla_breaches_total\{policy="First Response"\} 1$/m);
    expect(metrics).to.match(/^support_sla_due_next_hour 1$/m);
  });

  it('given the recorded outcomes, then the export says the same of each ticket', async () => {
    // when: the resolution targets (one and two days) are still pending
    const { done } = await exportAndWait(svc, { orderName: 'SLA-LIVE', sortOrder: 'asc' });
    expect(done.body.job.status, JSON.stringify(done.body)).to.equal('succeeded');
    const rows = (await downloadCsv(done.body.downloadUrl)).rows;
    const [answered, late] = rows;
    // then
    expect(answered).to.include({ 'SLA: First Response': 'Met', 'SLA: Resolution': 'Pending' });
    expect(late).to.include({ 'SLA: First Response': 'Breached', 'SLA: Resolution': 'Pending' });
  });
});
