import { expect } from 'chai';
import { performance } from 'node:perf_hooks';
import { exampleConfig, TOKENS, withoutRateLimits } from '../../support/example-config';
import { startTestService, TestService } from '../../support/test-service';
import { seedTickets, SeedTicket } from '../../exports/support/seed-tickets';

const TICKETS = 100_000;
/** A list that visits every ticket: a fragment too short for the search index, and a page from the middle, so the total is counted and rows skipped. */
const SLOW_LIST = { search: 'e', page: 150, limit: 250 };
const ROUNDS = 10;

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

const seeded = function* (): Generator<SeedTicket> {
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < TICKETS; i++) {
    yield {
      _id: `seed-${String(i).padStart(6, '0')}`, ticketNumber: 10_000 + i, customerName: `Customer ${i % 5_000}`,
      summary: `The order ${i} arrived late and the customer wrote again about the delivery window, the refund and the replacement. `.repeat(3),
      createdAt: new Date(start + i * 60_000).toISOString(),
    };
  }
};

const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const t = performance.now();
  const value = await work();
  return { ms: performance.now() - t, value };
};

describe('Ticket list: a list that visits every ticket does not hold up the service', function () {
  this.timeout(180_000);
  let svc: TestService;

  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
    await seedTickets(svc.deps.readModels, seeded());
  });
  after(() => svc.stop());

  it(`given ${TICKETS.toLocaleString('en-US')} tickets, when three agents run a search that visits each of them, then /health/live answers before the first of them and a create before the last`, async () => {
    const list = () => svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: SLOW_LIST });
    const create = (i: number) => svc.api('POST', '/apis/tickets/manual', {
      token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415555${String(1000 + i).padStart(4, '0')}` }, query: `Where is parcel ${i}?`, forceCreateTicket: true },
    });
    // given: the slow list alone, warmed
    const alone: number[] = [];
    for (let r = 0; r < 3; r++) {
      const { ms, value } = await timed(list);
      expect(value.status).to.equal(200);
      expect(value.body.total).to.be.at.least(TICKETS);
      alone.push(ms);
    }
    const health: number[] = [];
    const creates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // when: three lists are in flight, then /health/live and a create are asked
      const finished: string[] = [];
      const lists = [0, 1, 2].map(() => list().then((res) => { finished.push('list'); return res; }));
      await new Promise((r) => setTimeout(r, 5));
      const [live, created] = await Promise.all([
        timed(() => fetch(`${svc.url}/health/live`)).then((res) => { finished.push('health'); return res; }),
        timed(() => create(round)).then((res) => { finished.push('create'); return res; }),
      ]);
      for (const res of await Promise.all(lists)) expect(res.status).to.equal(200);
      // then: a list run on the event loop would answer first; off it, the short requests do
      expect(live.value.status).to.equal(200);
      expect(created.value.status).to.equal(200);
      expect(finished.indexOf('health'), `round ${round}: /health/live answered after a list (${finished.join(', ')})`).to.equal(0);
      expect(finished.indexOf('create'), `round ${round}: the create answered after every list (${finished.join(', ')})`).to.be.below(3);
      health.push(live.ms);
      creates.push(created.ms);
    }
    process.stdout.write(`      the list alone p50 ${quantile(alone, 0.5).toFixed(0)} ms; with three in flight: /health/live p50 ${quantile(health, 0.5).toFixed(1)} ms, `
      + `create p50 ${quantile(creates, 0.5).toFixed(1)} ms (${ROUNDS} rounds)\n`);
  });
});
