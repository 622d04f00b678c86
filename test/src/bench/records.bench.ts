import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { comparePositions, EVENT_SCHEMA_VERSION, Position, RECORDS_COLLECTION, RECORDS_PROJECTION, recordStream } from '@support/domain';
import { TOKENS } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { INVENTORY, recordsConfig, UPSERT } from '../records/records-config';

/**
 * Upserts per second into a resource of BENCH_RECORDS (default 100,000) records, through the real
 * app over HTTP on embedded engines. The resource is first given its records as stored insert
 * events (as POST /insert writes them; they hold no upsert claims), then upserts by the unique
 * field `sku` run in three phases, each with 1 and with BENCH_CONCURRENCY (default 16) in flight:
 *   - first upsert of an existing value (found through the read model, claimed, merged),
 *   - upsert of a value already claimed (found through its claim stream, merged),
 *   - upsert of a new value (claimed, inserted).
 * Every upsert waits for the "records" read model (read your writes) and computes its conflicts.
 *
 *   npm run bench -- records
 *   BENCH_RECORDS=20000 BENCH_UPSERTS=1000 npm run bench -- records
 */
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const UPSERTS = Number(process.env.BENCH_UPSERTS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SEED_IN_FLIGHT = 128;

const skuOf = (i: number) => `SKU-${String(i).padStart(7, '0')}`;

const seedEvent = (i: number, now: string) => {
  const recordId = randomUUID();
  return {
    recordId,
    event: {
      id: randomUUID(),
      type: 'ResourceRecordInserted',
      data: {
        recordId, accountId: 'acme', objectId: INVENTORY, customerId: null, createdAt: now,
        data: { sku: skuOf(i), qty: i % 500, price: (i % 9_000) / 100, active: i % 2 === 0, tags: ['bench', `group-${i % 50}`] },
      },
      metadata: { version: EVENT_SCHEMA_VERSION, accountId: 'acme', userId: 'bench-seed' },
    },
  };
};

async function seed(svc: TestService): Promise<number> {
  const started = performance.now();
  const now = new Date().toISOString();
  let last: Position | null = null;
  let next = 0;
  await Promise.all(
    Array.from({ length: SEED_IN_FLIGHT }, async () => {
      for (let i = next++; i < RECORDS; i = next++) {
        const { recordId, event } = seedEvent(i, now);
        const appended = await svc.deps.eventStore.appendToStream(recordStream(recordId), [event], { expectedRevision: 'no_stream' });
        if (appended._tag === 'Left') throw new Error('seed append refused');
        if (last === null || comparePositions(appended.right.position, last) > 0) last = appended.right.position;
      }
    }),
  );
  if (last !== null && !(await svc.deps.progress.waitFor([RECORDS_PROJECTION], last, 600_000))) throw new Error('records projection did not catch up');
  const count = await svc.deps.readModels.count(RECORDS_COLLECTION, { accountId: 'acme', objectId: INVENTORY });
  if (count < RECORDS) throw new Error(`read model holds ${count} records, expected ${RECORDS}`);
  return (performance.now() - started) / 1000;
}

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

interface Phase {
  readonly name: string;
  /** idValue of the n-th upsert of this phase run. */
  readonly sku: (n: number) => string;
  readonly expect: 'inserted' | 'updated';
}

async function runPhase(svc: TestService, phase: Phase, inFlight: number): Promise<string> {
  const times: number[] = [];
  let next = 0;
  let wrong = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let n = next++; n < UPSERTS; n = next++) {
        const t = performance.now();
        const res = await svc.api('POST', UPSERT, { token: TOKENS.acmeAdmin, body: { objectId: INVENTORY, idField: 'sku', idValue: phase.sku(n), data: { qty: n, active: true } } });
        times.push(performance.now() - t);
        if (res.status !== 200 || res.body.operation !== phase.expect) {
          wrong += 1;
          if (wrong <= 3) process.stdout.write(`  unexpected answer: ${res.status} ${res.text.slice(0, 200)}\n`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return `  ${phase.name.padEnd(44)} ${String(inFlight).padStart(9)} ${Math.round(UPSERTS / seconds).toLocaleString('en-US').padStart(10)} ` +
    `${quantile(times, 0.5).toFixed(1).padStart(8)} ${quantile(times, 0.99).toFixed(1).padStart(8)}${wrong > 0 ? `  (${wrong} unexpected)` : ''}\n`;
}

export async function run(): Promise<void> {
  process.stdout.write(`records: resource of ${RECORDS.toLocaleString('en-US')} records, ${UPSERTS.toLocaleString('en-US')} upserts per run, embedded engines\n`);
  const svc = await startTestService({ config: recordsConfig() });
  try {
    const seeded = await seed(svc);
    process.stdout.write(`  given ${RECORDS.toLocaleString('en-US')} records (stored and projected) in ${seeded.toFixed(1)} s\n`);
    process.stdout.write(`  ${'upsert by sku (POST /apis/resources/records/upsert)'.padEnd(44)} ${'in flight'.padStart(9)} ${'upserts/s'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}\n`);
    // Distinct existing values per run, spread over the resource.
    const existing = (offset: number) => (n: number) => skuOf((offset + n * 37) % RECORDS);
    let freshRun = 0;
    for (const inFlight of [1, CONCURRENCY]) {
      const offset = inFlight === 1 ? 0 : 1;
      process.stdout.write(await runPhase(svc, { name: 'existing value, first upsert (read model)', sku: existing(offset), expect: 'updated' }, inFlight));
      process.stdout.write(await runPhase(svc, { name: 'existing value, claimed (claim stream)', sku: existing(offset), expect: 'updated' }, inFlight));
      const run = freshRun++;
      process.stdout.write(await runPhase(svc, { name: 'new value (insert)', sku: (n) => `NEW-${run}-${n}`, expect: 'inserted' }, inFlight));
    }
    process.stdout.write(`  process RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB\n`);
    process.stdout.write(`reproduce: ${RECORDS === 100_000 ? '' : `BENCH_RECORDS=${RECORDS} `}npm run bench -- records\n`);
  } finally {
    await svc.stop();
  }
}
