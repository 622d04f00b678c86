import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { TOKENS } from '../../support/example-config';
import { quantile, request } from '../speed/load';

/** p50 and p99 of some latencies (ms). */
interface Spread {
  readonly p50: number;
  readonly p99: number;
  readonly n: number;
}

interface Beside {
  readonly health: Spread;
  readonly creates: Spread;
  /** The searchers' lists and their p50 (absent when none ran). */
  readonly searches?: Spread;
}

const spread = (xs: number[]): Spread => {
  xs.sort((a, b) => a - b);
  return { p50: quantile(xs, 0.5), p99: quantile(xs, 0.99), n: xs.length };
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Whether a broad list holds up the rest of the service: for `ms`, GET /health/live every 20 ms
 * and a create every 50 ms, paced, each timed; with `searchers` clients looping on `search` (a
 * list body) meanwhile. Run once without and once with the searchers, the two compare.
 */
export const besideSearchers = async (
  port: number, searchers: number, search: Record<string, unknown>, createBody: (i: number) => unknown, ms: number,
): Promise<Beside> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const until = performance.now() + ms;
  const health: number[] = [];
  const creates: number[] = [];
  const searches: number[] = [];
  const paced = async (everyMs: number, work: (i: number) => Promise<void>) => {
    for (let i = 0; performance.now() < until; i++) {
      const next = performance.now() + everyMs;
      await work(i);
      await sleep(Math.max(0, next - performance.now()));
    }
  };
  const timed = async (into: number[], send: () => Promise<{ status: number; text: string }>, what: string) => {
    const t0 = performance.now();
    const r = await send();
    if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 200)}`);
    into.push(performance.now() - t0);
  };
  const searcher = async () => {
    while (performance.now() < until) await timed(searches, () => request(agent, port, 'POST', '/apis/task-runs/tickets/list', TOKENS.acmeAdmin, search), 'search');
  };
  try {
    await Promise.all([
      paced(20, () => timed(health, () => request(agent, port, 'GET', '/health/live', TOKENS.acmeAdmin, undefined), '/health/live')),
      paced(50, (i) => timed(creates, () => request(agent, port, 'POST', '/apis/tickets/manual', TOKENS.acmeAdmin, createBody(i)), 'create')),
      ...Array.from({ length: searchers }, searcher),
    ]);
  } finally {
    agent.destroy();
  }
  return { health: spread(health), creates: spread(creates), ...(searchers > 0 ? { searches: spread(searches) } : {}) };
};
