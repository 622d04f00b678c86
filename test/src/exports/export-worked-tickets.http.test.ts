import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { downloadCsv, exportAndWait } from './support/export-api';

/** Asia/Kolkata wall time (the acme account's zone) as an instant. */
const ist = (local: string): number => Date.parse(`${local}:00+05:30`);

/**
 * The export of tickets made and worked through the API only (manual create and the agent
 * workspace), with the service's clock moved to each moment, so every cell comes from events.
 * acme's opening hours: Mon-Thu 09:00-18:00, Fri 09:00-13:00 and 14:00-18:00, IST; holiday 2026-12-25.
 */
describe('ticket export: tickets worked through the lifecycle API, parsed back (HTTP)', function () {
  this.timeout(60_000);
  let svc: TestService;
  let now = ist('2026-11-27T17:00');
  const ids: Record<string, string> = {};
  let phone = 0;

  const at = (local: string) => {
    now = ist(local);
  };
  const create = async (name: string, body: Record<string, unknown>) => {
    const r = await svc.api('POST', '/apis/tickets/manual', {
      token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415888${String(1000 + phone++)}` }, query: `${name} question`, orderName: 'WORKED', fastResponse: false, ...body },
    });
    expect(r.status, r.text).to.equal(200);
    ids[name] = r.body.ticketId;
  };
  const work = async (name: string, command: string, body?: unknown) => {
    const r = await svc.api('POST', `/apis/tickets/${ids[name]}/${command}`, { token: TOKENS.acmeAdmin, ...(body !== undefined ? { body } : {}) });
    expect(r.status, `${name} ${command}: ${r.text}`).to.equal(200);
    return r;
  };
  const email = (messageId: string, from: string, sentAt: string) => ({
    messageId, threadId: `th-${messageId}`, emailClient: 'gmail', from, to: ['someone@example.com'], sentAt: new Date(ist(sentAt)).toISOString(),
  });
  const when = (local: string) => new Date(ist(local)).toISOString();

  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()), overrides: { clock: { now: () => new Date(now) } } });
    // A: a voice ticket on Friday evening, answered and resolved on the call, resolved by an agent on Monday.
    at('2026-11-27T17:00');
    await create('A', { source: 'voiceCall' });
    await work('A', 'calls', { callId: 'a-call', direction: 'incoming', startedAt: when('2026-11-27T17:05'), endedAt: when('2026-11-27T17:15'), agentId: 'u-agent' });
    await work('A', 'calls/a-call/evaluation', { outcome: 'resolved_on_call', reason: 'customer_confirmed', evaluatedAt: when('2026-11-27T17:20') });
    at('2026-11-30T10:00');
    await work('A', 'status', { status: 'resolved_by_agent' });
    // B: an email ticket before the Christmas holiday, answered on Monday, closed.
    at('2026-12-24T17:00');
    await create('B', { source: 'email' });
    await work('B', 'emails', email('b-1', 'kim@example.com', '2026-12-24T17:00'));
    await work('B', 'emails', email('b-2', 'support@acme.example', '2026-12-28T10:00'));
    at('2026-12-28T11:00');
    await work('B', 'status', { status: 'closed' });
    // C: a manual ticket with a customer email: two customer-contact channels (manual and email).
    at('2026-12-28T12:00');
    await create('C', {});
    await work('C', 'emails', email('c-1', 'lee@example.com', '2026-12-28T12:00'));
    await work('C', 'status', { status: 'resolved_by_agent' });
    // D: nothing but the ticket. E: an incoming call never evaluated. F: a call evaluated unresolved.
    await create('D', {});
    await create('E', { source: 'voiceCall' });
    await work('E', 'calls', { callId: 'e-call', direction: 'incoming', startedAt: when('2026-12-28T12:05') });
    await create('F', { source: 'voiceCall' });
    await work('F', 'calls', { callId: 'f-call', direction: 'incoming', startedAt: when('2026-12-28T12:10'), agentId: 'u-agent2' });
    await work('F', 'calls/f-call/evaluation', { outcome: 'unresolved', reason: 'customer_still_waiting', evaluatedAt: when('2026-12-28T12:30') });
    // G: a child of D, and CSAT and a disposition on D.
    const child = await work('D', 'children', { kind: 'child', childTicketParam: 'courier', query: 'Pick up the parcel' });
    ids.G = child.body.ticketId;
    await work('D', 'assign', { agentId: 'u-agent2' });
    await work('D', 'csat', { event: 'sent', at: when('2026-12-28T12:40') });
    await work('D', 'csat', { event: 'submitted', rating: 4, comment: 'Quick, thanks', at: when('2026-12-28T13:10') });
    await work('D', 'disposition', { category: 'Delivery', subcategory: 'Late', fields: { 'Refund Reason': 'none' } });
    // H: created at 15:00 and never answered; the export runs at 15:30 (First Response Pending) — and I, created at 09:00, is Breached by then.
    at('2026-12-29T09:00');
    await create('I', {});
    at('2026-12-29T15:00');
    await create('H', {});
    at('2026-12-29T15:30');
  });
  after(async () => svc?.stop());

  const exported = async (extra: Record<string, unknown> = {}) => {
    const { started, done } = await exportAndWait(svc, { orderName: 'WORKED', sortOrder: 'asc', ...extra });
    expect(done.body.job.status, JSON.stringify(done.body)).to.equal('succeeded');
    const csv = await downloadCsv(done.body.downloadUrl);
    expect(csv.rows).to.have.length(started.body.total);
    const numbers = new Map<string, string>();
    for (const [name, id] of Object.entries(ids)) {
      const t = await svc.api('GET', `/apis/tickets/${id}`, { token: TOKENS.acmeAdmin });
      numbers.set(name, String(t.body.ticket.ticketNumber));
    }
    return { csv, row: (name: string) => csv.rows.find((r) => r['Ticket Number'] === numbers.get(name)) as Record<string, string> };
  };

  it('given every ticket of the family cases, then FCR and Voice FCR are as the spec\'s tables say', async () => {
    const { csv, row } = await exported();
    expect(csv.rows).to.have.length(Object.keys(ids).length);
    expect(['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((n) => row(n).FCR)).to.deep.equal(['Yes', 'Yes', 'No', '', 'No', 'No', '']);
    expect(['A', 'B', 'D', 'E', 'F', 'G'].map((n) => row(n)['Voice FCR'])).to.deep.equal(['Yes', '', '', 'Unknown', 'No', '']);
    expect(row('A')['Voice FCR Reason']).to.equal('customer_confirmed');
    expect(row('F')['Voice FCR Reason']).to.equal('customer_still_waiting');
    expect(row('A')['Incoming Calls']).to.equal('1');
    expect(row('A')['Voice Calls']).to.equal('1');
    expect(row('B')['Customer Email Messages']).to.equal('1');
    expect(row('B')['Agent Email Messages']).to.equal('1');
  });

  it('given opening hours, a weekend and a holiday, then Response Time and Resolution Time count business hours only', async () => {
    const { row } = await exported();
    expect(row('A')['Response Time']).to.equal('00:05');
    expect(row('A')['Resolution Time']).to.equal('02:00'); // Fri 17:00-18:00 and Mon 09:00-10:00
    expect(row('B')['Response Time']).to.equal('02:00'); // Thu 17:00-18:00, the holiday and the weekend skipped, Mon 09:00-10:00
    expect(row('B')['First Response Time (minutes)']).to.equal('120');
  });

  it('given SLA policies, then first response is Met, Breached or Pending as the target moment passed or not', async () => {
    const { row } = await exported();
    expect(row('A')['SLA: First Response']).to.equal('Met');
    expect(row('B')['SLA: First Response']).to.equal('Breached'); // 120 business minutes against 60
    expect(row('H')['SLA: First Response']).to.equal('Pending'); // 30 of 60 business minutes so far
    expect(row('I')['SLA: First Response']).to.equal('Breached'); // no answer, 6 business hours later
    expect(row('A')['SLA: Resolution']).to.equal('Met');
  });

  it('given a child, CSAT, disposition and assignment made through the API, then their columns carry them', async () => {
    const { row } = await exported();
    expect(row('G')).to.include({ 'Ticket Type': 'Child', 'Child Ticket Param': 'courier' });
    expect(row('D')).to.include({ 'Ticket Type': 'Ticket', 'Child Tickets': '1', 'CSAT Status': 'Submitted', 'CSAT Rating': '4', 'CSAT Comment': 'Quick, thanks' });
    expect(row('D')['CSAT Submitted At']).to.equal('2026-12-28T07:40:00.000Z');
    expect(row('D')).to.include({ Category: 'Delivery', Subcategory: 'Late', 'Disposition: Refund Reason': 'none', 'Assigned To': 'Chen Li', 'Assigned By': 'Asha Rao' });
    expect(row('G')['Child Tickets']).to.equal('');
    expect(row('C').Source).to.equal('Manual');
    expect(row('A').Source).to.equal('voiceCall');
  });

  it('given two time zones and each timestamp format, then Resolved At is written in that zone and format', async () => {
    expect((await exported()).row('A')['Resolved At']).to.equal('30-11-26 10:00:00');
    expect((await exported({ timezone: 'Europe/London', timestampFormat: 'iso' })).row('A')['Resolved At']).to.equal('2026-11-30T04:30:00+00:00');
  });
});
