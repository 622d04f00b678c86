import { performance } from 'node:perf_hooks';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';

/**
 * Merge at the size of issue 45's target, through the real app over HTTP on the embedded engines:
 * BENCH_MERGE_BACKGROUND tickets made first (default 5,000), then BENCH_MERGES times (default 10) a
 * target and 20 sources of one customer, each source with a chat; the merge of the 20 is timed
 * (target: answered ≤ 1 s), then how long after its answer the target's list row and the family the
 * export reads reflect it (target: ≤ 1 s; the merge answers once the read model has it, so 0 is
 * expected: read your writes).
 *
 *   npm run bench -- merge
 *   BENCH_MERGE_BACKGROUND=1000 BENCH_MERGES=5 npm run bench -- merge
 */
const BACKGROUND = Number(process.env.BENCH_MERGE_BACKGROUND ?? 5_000);
const MERGES = Number(process.env.BENCH_MERGES ?? 10);
const SOURCES = 20;
const CONCURRENCY = 32;

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

let phones = 0;
const create = async (svc: TestService, phone: string, force: boolean): Promise<string> => {
  const r = await svc.api('POST', '/apis/tickets/manual', {
    token: TOKENS.acmeAdmin, body: { customer: { phone }, query: 'The mug arrived broken', fastResponse: true, forceCreateTicket: force },
  });
  if (r.status !== 200) throw new Error(`create: ${r.status} ${r.text.slice(0, 200)}`);
  return r.body.ticketId;
};
const freshPhone = () => `+1415${String(7_000_000 + phones++).padStart(7, '0')}`;

let laterReads = 0;
/** Polls until `done` holds; answers the milliseconds from the first read to the answer that held (the read's own time when the first held). */
const until = async (done: () => Promise<boolean>): Promise<number> => {
  const t0 = performance.now();
  while (!(await done())) {
    laterReads += 1;
    if (performance.now() - t0 > 10_000) throw new Error('not reflected within 10 s');
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - t0;
};

export async function run(): Promise<void> {
  process.stdout.write(`merge: ${BACKGROUND.toLocaleString('en-US')} tickets present, ${MERGES} merges of ${SOURCES} sources, embedded engines\n`);
  const svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  try {
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < BACKGROUND) await create(svc, freshPhone(), false);
    }));
    const answered: number[] = [];
    const listed: number[] = [];
    const family: number[] = [];
    for (let m = 0; m < MERGES; m++) {
      const phone = freshPhone();
      const target = await create(svc, phone, false);
      const sources = await Promise.all(Array.from({ length: SOURCES }, () => create(svc, phone, true)));
      await Promise.all(sources.map((s, i) => svc.api('POST', `/apis/tickets/${s}/chats`, { token: TOKENS.acmeAdmin, body: { sessionId: `bench-${m}-${i}`, startedAt: new Date(Date.now() + 60_000).toISOString() } })));
      const t0 = performance.now();
      const r = await svc.api('POST', `/apis/tickets/${target}/merge`, { token: TOKENS.acmeAdmin, body: { sourceTicketIds: sources } });
      answered.push(performance.now() - t0);
      if (r.status !== 200) throw new Error(`merge: ${r.status} ${r.text.slice(0, 200)}`);
      listed.push(await until(async () => (await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { parentTicketId: target, limit: 1 } })).body.total === SOURCES));
      family.push(await until(async () => (await svc.api('GET', `/apis/tickets/${target}`, { token: TOKENS.acmeAdmin })).body.ticket.family?.chatSessionIds?.length === SOURCES));
    }
    const line = (name: string, values: number[]) => {
      values.sort((a, b) => a - b);
      return `${name} p50 ${quantile(values, 0.5).toFixed(1)} ms, max ${values[values.length - 1].toFixed(1)} ms`;
    };
    process.stdout.write(`merge of ${SOURCES} answered: ${line('', answered)}\n`);
    process.stdout.write(`after the answer, the target's list row: ${line('', listed)}; its family (export row): ${line('', family)}; reads that did not reflect it yet: ${laterReads}\n`);
    process.stdout.write(`reproduce: BENCH_MERGE_BACKGROUND=${BACKGROUND} BENCH_MERGES=${MERGES} npm run bench -- merge\n`);
  } finally {
    await svc.stop();
  }
}
