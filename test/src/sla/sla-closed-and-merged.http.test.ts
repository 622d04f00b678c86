import { expect } from 'chai';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { createSlaTicket, startSlaService, ticketSla } from './support/sla-api';

const MINUTE = 60_000;

/**
 * A merged ticket (closed by its merge) and a closed one are no one's to answer any more (issue 57):
 * their targets still waiting stop, they leave the agent's SLA queue, and none is recorded breached
 * when its due moment passes, while an open ticket's is.
 */
describe('SLA: closed and merged tickets leave the queue (HTTP)', function () {
  this.timeout(60_000);
  let svc: TestService;
  const t0 = Date.parse('2027-03-03T10:00:00Z');
  let now = t0;
  const ids: Record<string, string> = {};

  const pending = async () => {
    const r = await svc.api('GET', '/apis/sla/queue', { token: TOKENS.acmeAdmin });
    expect(r.status, r.text).to.equal(200);
    return (r.body.tickets as { id: string }[]).map((t) => Object.keys(ids).find((n) => ids[n] === t.id));
  };
  const breaches = async (name: string) => (await ticketSla(svc, ids[name])).events.filter((e) => e.type === 'SlaBreached').length;

  before(async () => {
    svc = await startSlaService(() => now);
  });
  after(async () => svc?.stop());

  it('given three open tickets waiting for their first response, when one is merged into another and one closed, then those two leave the queue and only the open ones are recorded breached when the hour passes', async () => {
    // given
    for (const [i, name] of ['Merged', 'Target', 'Closed', 'Open'].entries()) ids[name] = await createSlaTicket(svc, `+1415556${1000 + i}`, `SLA-CLOSED-${name}`);
    expect((await pending()).sort()).to.deep.equal(['Closed', 'Merged', 'Open', 'Target']);
    // when
    const merged = await svc.api('POST', `/apis/tickets/${ids.Target}/merge`, { token: TOKENS.acmeAdmin, body: { sourceTicketIds: [ids.Merged] } });
    expect(merged.status, merged.text).to.equal(200);
    const closed = await svc.api('POST', `/apis/tickets/${ids.Closed}/status`, { token: TOKENS.acmeAdmin, body: { status: 'closed' } });
    expect(closed.status, closed.text).to.equal(200);
    // then
    expect((await pending()).sort()).to.deep.equal(['Open', 'Target']);
    now = t0 + 61 * MINUTE;
    const deadline = Date.now() + 10_000;
    while ((await breaches('Open')) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await breaches('Open'), 'the open ticket, breached').to.equal(1);
    expect(await breaches('Target'), 'the merge\'s target, still open, breached').to.equal(1);
    expect(await breaches('Merged'), 'the merged ticket').to.equal(0);
    expect(await breaches('Closed'), 'the closed ticket').to.equal(0);
  });
});
