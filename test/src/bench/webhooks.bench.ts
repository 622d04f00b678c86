import http from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';

/**
 * Webhook delivery under ticket creates, through the real app over HTTP (one process, embedded
 * engines): BENCH_WEBHOOK_CREATES (default 10,000) creates with BENCH_CONCURRENCY (32) in flight,
 * once without subscriptions and once with one subscription to ticket.created whose receiver
 * answers after BENCH_RECEIVER_MS (50 ms). Prints both create rates, every delivery's arrival, the
 * webhook-ids the receiver got twice, and how long after the last create the backlog was drained.
 * Targets (issue 34): no delivery missing or twice, drained within 10 s, creates lowered by at most a tenth.
 *
 *   npm run bench -- webhooks
 *   BENCH_WEBHOOK_CREATES=30000 npm run bench -- webhooks
 */
const CREATES = Number(process.env.BENCH_WEBHOOK_CREATES ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const RECEIVER_MS = Number(process.env.BENCH_RECEIVER_MS ?? 50);
const DRAIN_LIMIT_MS = 120_000;

const startReceiver = async () => {
  const ids = new Map<string, number>();
  let lastAt = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => setTimeout(() => {
      const id = String(req.headers['webhook-id']);
      ids.set(id, (ids.get(id) ?? 0) + 1);
      lastAt = performance.now();
      res.writeHead(200);
      res.end();
    }, RECEIVER_MS));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, ids, lastAt: () => lastAt,
    stop: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
};

const createTickets = async (svc: TestService): Promise<{ seconds: number; failures: number; endedAt: number }> => {
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    for (let i = next++; i < CREATES; i = next++) {
      const res = await svc.api('POST', '/apis/tickets/manual', {
        token: TOKENS.acmeAdmin,
        body: { customer: { phone: `+1415${String(7_000_000 + (i % 20_000)).padStart(7, '0')}` }, query: `question ${i}`, fastResponse: true, forceCreateTicket: true },
      });
      if (res.status !== 200) failures += 1;
    }
  }));
  const endedAt = performance.now();
  return { seconds: (endedAt - started) / 1000, failures, endedAt };
};

export const run = async (): Promise<void> => {
  const config = withoutRateLimits(exampleConfig());
  const plain = await startTestService({ config });
  const without = await createTickets(plain).finally(() => plain.stop());

  const receiver = await startReceiver();
  const svc = await startTestService({ config, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
  try {
    const made = await svc.api('POST', '/apis/webhooks', { token: TOKENS.acmeAdmin, body: { url: receiver.url, eventTypes: ['ticket.created'] } });
    if (made.status !== 201) throw new Error(`subscribing answered ${made.status}: ${made.text}`);
    const withSub = await createTickets(svc);
    const deadline = performance.now() + DRAIN_LIMIT_MS;
    while (receiver.ids.size < CREATES && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const drainedMs = receiver.lastAt() - withSub.endedAt;
    const twice = [...receiver.ids.values()].filter((n) => n > 1).length;
    const rate = (r: { seconds: number }) => CREATES / r.seconds;
    process.stdout.write(`${CREATES} creates, ${CONCURRENCY} in flight; receiver answers after ${RECEIVER_MS} ms\n`);
    process.stdout.write(`  without subscriptions: ${rate(without).toFixed(0)} creates/s (${without.failures} failed)\n`);
    process.stdout.write(`  with one subscription: ${rate(withSub).toFixed(0)} creates/s (${withSub.failures} failed), ${(100 * (1 - rate(withSub) / rate(without))).toFixed(1)} % lower (target at most 10 %)\n`);
    process.stdout.write(`  deliveries received: ${receiver.ids.size} of ${CREATES}, ${twice} webhook-ids twice; backlog drained ${(drainedMs / 1000).toFixed(1)} s after the last create (target at most 10 s)\n`);
    process.stdout.write('reproduce: npm run bench -- webhooks\n');
  } finally {
    await svc.stop();
    await receiver.stop();
  }
};
