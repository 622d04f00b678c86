import { performance } from 'node:perf_hooks';
import { EmbeddedReadStore } from '@support/adapters';
import type { BulkOperation, Collection, Document, Filter, FindOptions, IndexSpec } from '@support/domain';
import { pick, seededRandom } from '../read-store/random';

/**
 * Embedded read store at list scale: loads BENCH_READ_STORE_DOCS (default 100,000) ticket-like
 * documents over 3 accounts with the indexes a tickets read model declares, then measures the
 * latency (p50/p95/p99) of list queries (sort by createdAt, limit 50) over a mix of filters,
 * of countDocuments, of updates by _id, and the rate of streaming one account's tickets.
 *
 *   npm run bench -- read-store
 *   BENCH_READ_STORE_DOCS=300000 npm run bench -- read-store
 */
const DOCS = Number(process.env.BENCH_READ_STORE_DOCS ?? 100_000);
const RUNS = Number(process.env.BENCH_READ_STORE_RUNS ?? 200);
const ACCOUNTS = ['acme', 'globex', 'initech'];
const STATUSES = ['open', 'open', 'pending', 'closed', 'closed', 'closed'];
const SOURCES = ['whatsapp', 'email', 'liveChat', 'instagram', 'voiceCall', 'Walk-In'];
const WORDS = ['kettle', 'parcel', 'refund', 'invoice', 'delivery', 'exchange', 'warranty', 'coupon', 'address', 'damaged'];
const NAMES = ['Ana', 'Bruno', 'Carla', 'Davi', 'Eva', 'Fabio', 'Gina', 'Hugo', 'Iris', 'Joao'];
const START = Date.UTC(2024, 0, 1);
const MINUTE = 60_000;

const INDEXES: readonly IndexSpec[] = [
  { key: { accountId: 1, createdAt: -1 } },
  { key: { accountId: 1, status: 1, createdAt: -1 } },
  { key: { accountId: 1, source: 1, createdAt: -1 } },
  { key: { accountId: 1, updatedAt: -1 } },
  { key: { accountId: 1, ticketNumber: 1 }, unique: true },
  { key: { accountId: 1, customerId: 1 } },
];

const random = seededRandom(42);
const iso = (ms: number): string => new Date(ms).toISOString();

function ticket(i: number): Document {
  const accountId = ACCOUNTS[i % ACCOUNTS.length];
  const customer = Math.floor(random() * 20_000);
  const created = START + i * 3 * MINUTE + Math.floor(random() * MINUTE);
  return {
    _id: `ticket-${i}`,
    accountId,
    ticketNumber: Math.floor(i / ACCOUNTS.length) + 1,
    status: pick(random, STATUSES),
    source: pick(random, SOURCES),
    createdAt: iso(created),
    updatedAt: iso(created + Math.floor(random() * 1_000 * MINUTE)),
    customerId: `customer-${customer}`,
    taskId: random() < 0.7 ? `task-${Math.floor(random() * 5)}` : null,
    orderName: random() < 0.5 ? `#${100_000 + Math.floor(random() * 900_000)}` : undefined,
    summary: `${pick(random, WORDS)} ${pick(random, WORDS)} ${pick(random, WORDS)} for order`,
    customer: {
      name: `${pick(random, NAMES)} ${pick(random, NAMES)}son`,
      phone: `+1415${String(5_000_000 + customer).padStart(7, '0')}`,
      email: `customer${customer}@example.com`,
    },
  };
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function report(label: string, timings: number[]): void {
  const sorted = [...timings].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2).padStart(8);
  console.log(`  ${label.padEnd(50)} p50 ${f(percentile(sorted, 50))} ms  p95 ${f(percentile(sorted, 95))} ms  p99 ${f(percentile(sorted, 99))} ms`);
}

async function measure(label: string, make: (run: number) => () => Promise<unknown>): Promise<void> {
  for (let run = 0; run < 10; run++) await make(run)();
  const timings: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const work = make(run);
    const started = performance.now();
    await work();
    timings.push(performance.now() - started);
  }
  report(label, timings);
}

const windowOf = (run: number): Filter => {
  const from = START + ((run * 7919) % Math.floor(DOCS * 3 * 0.9)) * MINUTE;
  return { $gte: iso(from), $lt: iso(from + 7 * 24 * 60 * MINUTE) };
};

const searchOf = (run: number): Filter => {
  const term = run % 3 === 0 ? pick(random, NAMES).toLowerCase() : run % 3 === 1 ? String(5_000_000 + ((run * 31) % 20_000)) : pick(random, WORDS);
  return {
    $or: [
      { 'customer.name': { $regex: term, $options: 'i' } },
      { 'customer.phone': { $regex: term } },
      { 'customer.email': { $regex: term, $options: 'i' } },
      { orderName: { $regex: term, $options: 'i' } },
      { summary: { $regex: term, $options: 'i' } },
    ],
  };
};

/** The list filters the query API builds, each for a rotating account. */
const LIST_FILTERS: readonly (readonly [string, (run: number, accountId: string) => Filter])[] = [
  ['account only', (_, accountId) => ({ accountId })],
  ['status $in', (_, accountId) => ({ accountId, status: { $in: ['open', 'pending'] } })],
  ['one status', (_, accountId) => ({ accountId, status: 'pending' })],
  ['7-day date range', (run, accountId) => ({ accountId, createdAt: windowOf(run) })],
  ['source', (_, accountId) => ({ accountId, source: 'whatsapp' })],
  ['status $in + source + date range', (run, accountId) => ({ accountId, status: { $in: ['open', 'closed'] }, source: 'email', createdAt: windowOf(run) })],
  ['search ($or of $regex on 5 fields)', (run, accountId) => ({ accountId, ...searchOf(run) })],
  ['search + status', (run, accountId) => ({ accountId, status: 'closed', ...searchOf(run) })],
  ['customer', (run, accountId) => ({ accountId, customerId: `customer-${(run * 13) % 20_000}` })],
];

async function load(tickets: Collection): Promise<void> {
  const started = performance.now();
  await tickets.createIndexes(INDEXES);
  for (let from = 0; from < DOCS; from += 1_000) {
    const ops: BulkOperation<Document>[] = [];
    for (let i = from; i < Math.min(DOCS, from + 1_000); i++) {
      const doc = ticket(i);
      ops.push({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } });
    }
    await tickets.bulkWrite(ops);
  }
  const ms = performance.now() - started;
  console.log(`  loaded ${DOCS.toLocaleString('en-US')} tickets with ${INDEXES.length} indexes in ${(ms / 1000).toFixed(1)} s (${Math.round((DOCS * 1000) / ms).toLocaleString('en-US')} upserts/s)`);
}

export async function run(): Promise<void> {
  console.log(`EmbeddedReadStore: ${DOCS.toLocaleString('en-US')} ticket documents over ${ACCOUNTS.length} accounts, ${RUNS} runs per figure`);
  const store = new EmbeddedReadStore();
  const tickets = store.collection('tickets');
  await load(tickets);
  const heapMb = Math.round(process.memoryUsage().heapUsed / 1024 / 1024);
  console.log(`  heap after load: ${heapMb} MB`);

  console.log('find, sort { createdAt: -1 }, limit 50:');
  const page: FindOptions = { sort: { createdAt: -1 }, limit: 50 };
  for (const [label, filterOf] of LIST_FILTERS) {
    await measure(label, (n) => () => tickets.find(filterOf(n, ACCOUNTS[n % ACCOUNTS.length]), page).toArray());
  }
  await measure('account only, page 100 (skip 4950)', (n) => () => tickets.find({ accountId: ACCOUNTS[n % 3] }, { ...page, skip: 4_950 }).toArray());
  await measure('status $in, sort { updatedAt: -1 }', (n) => () => tickets.find({ accountId: ACCOUNTS[n % 3], status: { $in: ['open', 'pending'] } }, { sort: { updatedAt: -1 }, limit: 50 }).toArray());
  await measure('status $in, sort { ticketNumber: 1 }', (n) => () => tickets.find({ accountId: ACCOUNTS[n % 3], status: { $in: ['open', 'pending'] } }, { sort: { ticketNumber: 1 }, limit: 50 }).toArray());
  await measure('status $in, sort { summary: 1 } (no index order)', (n) => () => tickets.find({ accountId: ACCOUNTS[n % 3], status: { $in: ['open', 'pending'] } }, { sort: { summary: 1 }, limit: 50 }).toArray());

  console.log('countDocuments:');
  for (const [label, filterOf] of LIST_FILTERS.filter(([l]) => !l.startsWith('customer'))) {
    await measure(label, (n) => () => tickets.countDocuments(filterOf(n, ACCOUNTS[n % ACCOUNTS.length])));
  }

  console.log('writes:');
  await measure('updateOne by _id ($set status, updatedAt; $inc)', (n) => () =>
    tickets.updateOne({ _id: `ticket-${(n * 7919) % DOCS}` }, { $set: { status: 'pending', updatedAt: iso(START + n * MINUTE) }, $inc: { events: 1 } }),
  );

  const exports: number[] = [];
  let streamed = 0;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    streamed = 0;
    for await (const doc of tickets.find({ accountId: 'acme' }, { sort: { createdAt: -1 } })) if (doc._id !== '') streamed++;
    exports.push(performance.now() - started);
  }
  const ms = [...exports].sort((a, b) => a - b)[1];
  console.log(`export stream: ${streamed.toLocaleString('en-US')} tickets of one account, newest first, median of 3 runs ${ms.toFixed(0)} ms (${Math.round((streamed * 1000) / ms).toLocaleString('en-US')} docs/s)`);
  await store.close();
  console.log('Reproduce: npm run bench -- read-store   (BENCH_READ_STORE_DOCS, BENCH_READ_STORE_RUNS to change the size)');
}
