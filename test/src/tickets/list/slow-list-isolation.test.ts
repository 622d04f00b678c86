import { expect } from 'chai';
import { performance } from 'node:perf_hooks';
import { exampleConfig, TOKENS, withoutRateLimits } from '../../support/example-config';
import { startTestService, TestService } from '../../support/test-service';
import { seedTickets, SeedTicket } from '../../exports/support/seed-tickets';

const TICKETS = 100_000;
/** A list that visits every ticket: a fragment too short for the search index, and a page from the middle, so the total is counted and rows skipped. */
const SLOW_LIST = { search: 'e', page: 150, limit: 250 };
const LOOP_MS = 3_000;

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

  it(`given ${TICKETS.toLocaleString('en-US')} tickets, when three agents loop on a search that visits each of them, then /health/live and a create answer in a fraction of one such list`, async () => {
    const list = () => svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: SLOW_LIST });
    // given: the slow list alone
    const alone: number[] = [];
    for (let r = 0; r < 3; r++) {
      const { ms, value } = await timed(list);
      expect(value.status).to.equal(200);
      expect(value.body.total).to.be.at.least(TICKETS);
      alone.push(ms);
    }
    const listMs = quantile(alone, 0.5);
    // when: three agents loop on it while /health/live is polled and tickets are created
    const until = performance.now() + LOOP_MS;
    const lists: number[] = [];
    const health: number[] = [];
    const creates: number[] = [];
    const agent = async () => {
      while (performance.now() < until) {
        const { ms, value } = await timed(list);
        expect(value.status).to.equal(200);
        lists.push(ms);
      }
    };
    const probe = async () => {
      while (performance.now() < until) {
        const { ms, value } = await timed(() => fetch(`${svc.url}/health/live`));
        expect(value.status).to.equal(200);
        health.push(ms);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const creator = async () => {
      for (let i = 0; performance.now() < until; i++) {
        const { ms, value } = await timed(() => svc.api('POST', '/apis/tickets/manual', {
          token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415555${String(1000 + i).padStart(4, '0')}` }, query: `Where is parcel ${i}?`, forceCreateTicket: true },
        }));
        expect(value.status).to.equal(200);
        creates.push(ms);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await Promise.all([agent(), agent(), agent(), probe(), creator()]);
    // then
    const healthP99 = quantile(health, 0.99);
    const createP50 = quantile(creates, 0.5);
    process.stdout.write(`      the list alone ${listMs.toFixed(0)} ms; looped by three: ${lists.length} lists, p50 ${quantile(lists, 0.5).toFixed(0)} ms; `
      + `/health/live p99 ${healthP99.toFixed(1)} ms (${health.length}); create p50 ${createP50.toFixed(1)} ms (${creates.length})\n`);
    expect(lists.length).to.be.at.least(3);
    expect(healthP99, '/health/live p99 (ms)').to.be.below(Math.max(25, listMs / 4));
    expect(createP50, 'create p50 (ms)').to.be.below(Math.max(50, listMs / 2));
  });
});
