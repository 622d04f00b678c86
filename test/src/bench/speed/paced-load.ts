import http from 'node:http';
import { performance } from 'node:perf_hooks';

interface PacedLoadResult {
  readonly sent: number;
  /** From the first request sent to the last answer. */
  readonly seconds: number;
  readonly failures: number;
  /** Every request's latency from when it was due (so time spent waiting for a free slot counts), sorted. */
  readonly latenciesMs: number[];
  /** When the last answer came (performance.now()). */
  readonly endedAt: number;
}

/**
 * An open-loop load: request i is due at `i / rate` seconds, for `seconds` seconds, whatever the
 * answers of the others (at most `maxInFlight` outstanding; a request due while that many are
 * outstanding waits for one, and its latency counts from when it was due). A service that keeps up
 * answers `rate` requests a second.
 */
export const runPaced = async (
  rate: number, seconds: number, maxInFlight: number, send: (agent: http.Agent, i: number) => Promise<{ status: number }>,
): Promise<PacedLoadResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failures = 0;
  let inFlight = 0;
  let freed: (() => void) | null = null;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    while (inFlight >= maxInFlight) await new Promise<void>((r) => (freed = r));
    inFlight++;
    pending.push(send(agent, i).catch(() => ({ status: 0 })).then((r) => {
      latencies.push(performance.now() - due);
      if (r.status !== 200) failures++;
      inFlight--;
      const wake = freed;
      freed = null;
      wake?.();
    }));
  }
  await Promise.all(pending);
  const endedAt = performance.now();
  agent.destroy();
  return { sent: total, seconds: (endedAt - started) / 1000, failures, latenciesMs: latencies.sort((a, b) => a - b), endedAt };
};
