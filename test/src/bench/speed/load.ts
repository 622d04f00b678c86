import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** A small keep-alive HTTP load generator: `connections` requests in flight, each answered before the next. */
interface LoadResult {
  readonly requests: number;
  readonly seconds: number;
  readonly failures: number;
  /** How the failures answered: HTTP status (0: no answer) and how many. */
  readonly failureStatuses: ReadonlyMap<number, number>;
  /** Every request's latency, sorted. */
  readonly latenciesMs: number[];
  /** Request i's latency at index i (the order they were sent in). */
  readonly latenciesInOrderMs: number[];
}

export const request = (agent: http.Agent, port: number, method: string, path: string, token: string, body: unknown): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({
      host: '127.0.0.1', port, method, path, agent,
      headers: { Authorization: `Bearer ${token}`, ...(payload !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });

/** Sends `total` requests made by `bodyOf(i)` over `connections` connections; latency of each. */
export const runLoad = async (port: number, connections: number, total: number, send: (agent: http.Agent, i: number) => Promise<{ status: number }>): Promise<LoadResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latenciesInOrderMs: number[] = new Array(total);
  let failures = 0;
  const failureStatuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, async () => {
    for (let i = next++; i < total; i = next++) {
      const t0 = performance.now();
      const r = await send(agent, i).catch(() => ({ status: 0 }));
      latenciesInOrderMs[i] = performance.now() - t0;
      if (r.status !== 200) {
        failures++;
        failureStatuses.set(r.status, (failureStatuses.get(r.status) ?? 0) + 1);
      }
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: total, seconds, failures, failureStatuses, latenciesMs: [...latenciesInOrderMs].sort((a, b) => a - b), latenciesInOrderMs };
};

export const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
