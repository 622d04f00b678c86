import { performance } from 'node:perf_hooks';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';

/**
 * A bulk status change by filter beside a stream of creates, through the real app over HTTP on
 * the embedded engines (issue 45's target: 10,000 tickets done within 60 s, the creates beside it
 * keeping at least 80 % of their rate). Makes BENCH_BULK_TICKETS tickets of one order (default
 * 10,000); measures the creates of BENCH_BULK_CREATORS clients (default 4) alone for
 * BENCH_BULK_BASELINE_S seconds (default 10), then starts the bulk update (filter: that order;
 * status in_progress) with the same creates running until the job has succeeded.
 *
 *   npm run bench -- bulk-update
 *   BENCH_BULK_TICKETS=1000 npm run bench -- bulk-update
 */
const TICKETS = Number(process.env.BENCH_BULK_TICKETS ?? 10_000);
const CREATORS = Number(process.env.BENCH_BULK_CREATORS ?? 4);
const BASELINE_S = Number(process.env.BENCH_BULK_BASELINE_S ?? 10);
const SEED_CONCURRENCY = 32;
const ORDER = 'BULK-BENCH';

let phones = 0;
const create = async (svc: TestService, orderName: string): Promise<void> => {
  const i = phones++;
  const r = await svc.api('POST', '/apis/tickets/manual', {
    token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415${String(2_000_000 + i).padStart(7, '0')}` }, query: `Parcel ${i} is late`, orderName, fastResponse: true },
  });
  if (r.status !== 200) throw new Error(`create ${i}: ${r.status} ${r.text.slice(0, 200)}`);
};

/** CREATORS clients creating tickets one after another until `until` answers true; answers creates per second. */
const createsWhile = async (svc: TestService, until: () => boolean): Promise<{ readonly perSecond: number; readonly count: number; readonly seconds: number }> => {
  let count = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CREATORS }, async () => {
    while (!until()) {
      await create(svc, 'SIDE');
      count += 1;
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: count / seconds, count, seconds };
};

export async function run(): Promise<void> {
  process.stdout.write(`bulk-update: ${TICKETS.toLocaleString('en-US')} tickets by filter, ${CREATORS} creators beside it, embedded engines\n`);
  const svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  try {
    let made = 0;
    await Promise.all(Array.from({ length: SEED_CONCURRENCY }, async () => {
      while (made < TICKETS) {
        made += 1;
        await create(svc, ORDER);
      }
    }));
    const baselineEnd = performance.now() + BASELINE_S * 1000;
    const baseline = await createsWhile(svc, () => performance.now() >= baselineEnd);

    const t0 = performance.now();
    const started = await svc.api('POST', '/apis/tickets/bulk', { token: TOKENS.acmeAdmin, body: { filter: { orderName: ORDER }, changes: { status: { status: 'in_progress' } } } });
    if (started.status !== 202) throw new Error(`bulk start: ${started.status} ${started.text.slice(0, 300)}`);
    const startMs = performance.now() - t0;
    let job: { status: string; processed: number; changed: number } = { status: 'queued', processed: 0, changed: 0 };
    let doneMs = 0;
    const poll = (async () => {
      while (job.status === 'queued' || job.status === 'running') {
        await new Promise((r) => setTimeout(r, 200));
        job = (await svc.api('GET', `/apis/tickets/bulk/${started.body.jobId}?limit=1`, { token: TOKENS.acmeAdmin })).body.job;
      }
      doneMs = performance.now() - t0;
    })();
    const beside = await createsWhile(svc, () => doneMs > 0);
    await poll;
    process.stdout.write(
      `bulk status change of ${started.body.total.toLocaleString('en-US')} tickets: ${job.status} in ${(doneMs / 1000).toFixed(1)} s ` +
        `(${Math.round(started.body.total / (doneMs / 1000)).toLocaleString('en-US')} tickets/s; start answered in ${startMs.toFixed(0)} ms), ${job.changed.toLocaleString('en-US')} changed\n`,
    );
    process.stdout.write(
      `creates: ${baseline.perSecond.toFixed(1)}/s alone (${baseline.count} in ${baseline.seconds.toFixed(1)} s), ${beside.perSecond.toFixed(1)}/s beside the job ` +
        `(${beside.count} in ${beside.seconds.toFixed(1)} s): ${Math.round((100 * beside.perSecond) / baseline.perSecond)} % (target 80 %)\n`,
    );
    process.stdout.write(`reproduce: BENCH_BULK_TICKETS=${TICKETS} BENCH_BULK_CREATORS=${CREATORS} BENCH_BULK_BASELINE_S=${BASELINE_S} npm run bench -- bulk-update\n`);
  } finally {
    await svc.stop();
  }
}
