import { performance } from 'node:perf_hooks';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';

/**
 * The ticket lifecycle at scale, through the real app over HTTP on the embedded engines: makes
 * BENCH_LIFECYCLE_TICKETS tickets (default 10,000), then works each through a realistic lifecycle,
 * BENCH_CONCURRENCY tickets at a time (default 32), each ticket's commands in order:
 * assign → customer email → agent reply → incoming call → its Voice FCR evaluation → resolve →
 * CSAT sent → CSAT submitted (8 commands, each fsync'd and projected before its 200).
 *
 *   npm run bench -- lifecycle
 *   BENCH_LIFECYCLE_TICKETS=2000 npm run bench -- lifecycle
 */
const TICKETS = Number(process.env.BENCH_LIFECYCLE_TICKETS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

const lifecycle = (i: number): [string, unknown][] => {
  const day = `2027-01-${String(1 + (i % 28)).padStart(2, '0')}`;
  return [
    ['assign', { agentId: i % 2 === 0 ? 'u-agent' : 'u-agent2' }],
    ['emails', { messageId: `m-${i}-1`, threadId: `t-${i}`, emailClient: 'gmail', from: `customer${i}@example.com`, to: ['support@acme.example'], sentAt: `${day}T09:00:00Z` }],
    ['emails', { messageId: `m-${i}-2`, threadId: `t-${i}`, emailClient: 'gmail', from: 'support@acme.example', to: [`customer${i}@example.com`], sentAt: `${day}T09:20:00Z` }],
    ['calls', { callId: `c-${i}`, direction: 'incoming', startedAt: `${day}T10:00:00Z`, endedAt: `${day}T10:06:00Z`, agentId: 'u-agent' }],
    [`calls/c-${i}/evaluation`, { outcome: 'resolved_on_call', reason: 'customer_confirmed', evaluatedAt: `${day}T10:07:00Z` }],
    ['status', { status: 'resolved' }],
    ['csat', { event: 'sent', at: `${day}T10:10:00Z` }],
    ['csat', { event: 'submitted', rating: 1 + (i % 5), comment: 'Thanks', at: `${day}T11:00:00Z` }],
  ];
};

const inParallel = async (count: number, work: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    for (let i = next++; i < count; i = next++) await work(i);
  }));
};

const create = async (svc: TestService, i: number): Promise<string> => {
  const r = await svc.api('POST', '/apis/tickets/manual', {
    token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415${String(6_000_000 + i).padStart(7, '0')}` }, query: `Parcel ${i} is late`, fastResponse: true },
  });
  if (r.status !== 200) throw new Error(`create ${i}: ${r.status} ${r.text.slice(0, 200)}`);
  return r.body.ticketId;
};

export async function run(): Promise<void> {
  process.stdout.write(`lifecycle: ${TICKETS.toLocaleString('en-US')} tickets x 8 commands, ${CONCURRENCY} tickets at a time, embedded engines\n`);
  const svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  try {
    const ids: string[] = new Array(TICKETS);
    await inParallel(TICKETS, async (i) => {
      ids[i] = await create(svc, i);
    });
    const latencies: number[] = [];
    let failures = 0;
    const started = performance.now();
    await inParallel(TICKETS, async (i) => {
      for (const [command, body] of lifecycle(i)) {
        const t0 = performance.now();
        const r = await svc.api('POST', `/apis/tickets/${ids[i]}/${command}`, { token: TOKENS.acmeAdmin, body });
        latencies.push(performance.now() - t0);
        if (r.status !== 200 && failures++ < 3) process.stdout.write(`  ${command} failed: ${r.status} ${r.text.slice(0, 200)}\n`);
      }
    });
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    process.stdout.write(
      `lifecycle commands: ${Math.round(latencies.length / seconds).toLocaleString('en-US')} commands/s ` +
        `(${latencies.length.toLocaleString('en-US')} in ${seconds.toFixed(1)} s, ${failures} failed); ` +
        `latency p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms\n`,
    );
    const check = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { statuses: ['resolved'], timestampKey: 'resolvedAt', limit: 1 } });
    process.stdout.write(`resolved tickets listed by resolvedAt: ${check.body.total.toLocaleString('en-US')} (expected ${TICKETS.toLocaleString('en-US')})\n`);
    process.stdout.write(`reproduce: BENCH_LIFECYCLE_TICKETS=${TICKETS} BENCH_CONCURRENCY=${CONCURRENCY} npm run bench -- lifecycle\n`);
  } finally {
    await svc.stop();
  }
}
