import { TOKENS } from '../support/example-config';
import { FakeCloudApi, startFakeCloudApi } from '../messaging/fake-cloud-api';
import { sendTemplate, startWithFake } from '../messaging/messaging-service';
import { TestService } from '../support/test-service';
import { MESSAGES_COLLECTION } from '@support/domain';

/**
 * Template send against a local fake of the WhatsApp Cloud API, the whole app running (embedded
 * engines, HTTP over loopback), the delivery worker alongside:
 * 1. burst: CONCURRENCY clients send as fast as they are answered: queued sends per second, and
 *    the delay from a send being answered "queued" to the fake receiving it (p50/p95/max);
 * 2. paced: PACED_RATE sends per second for PACED_SECONDS: the same delay at a steady load.
 * Each send is fsynced in the event log before it is answered.
 */
const BURST_MESSAGES = 2_000;
const CONCURRENCY = 32;
const PACED_RATE = 100;
const PACED_SECONDS = 5;
const DELIVERY_TIMEOUT_MS = 120_000;

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const out = (s: string) => process.stdout.write(`${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Each message carries its key as its one body parameter, so the fake's receipt finds its send. */
const send = (svc: TestService, key: string) =>
  sendTemplate(svc, {
    to: '+14155550123',
    template: { name: 'bench_notice', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: key }] }] },
    msg_id: key,
  }, TOKENS.acmeAdmin);

const keyOf = (body: any): string => String(body?.template?.components?.[0]?.parameters?.[0]?.text);

/**
 * Waits until every queued message reached the fake; answers the delays from queueing (queuedAt
 * of its MessageQueued event, same clock) to the fake's receipt, and the duplicates.
 */
const deliveries = async (svc: TestService, fake: FakeCloudApi, keys: Set<string>) => {
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  const mine = () => fake.delivered().filter((s) => keys.has(keyOf(s.body)));
  while (mine().length < keys.size && Date.now() < deadline) await sleep(20);
  const received = mine();
  const queuedAt = new Map<string, number>();
  for (const doc of (await Promise.all([...keys].map((msgId) => svc.deps.readModels.find(MESSAGES_COLLECTION, { where: { accountId: 'acme', msgId }, limit: 1 })))).flat()) {
    queuedAt.set(String(doc.msgId), Date.parse(String(doc.queuedAt)));
  }
  const delays = received.map((s) => s.at - queuedAt.get(keyOf(s.body))!).sort((a, b) => a - b);
  return { delays, delivered: received.length, duplicates: received.length - new Set(received.map((s) => keyOf(s.body))).size, lastAt: Math.max(...received.map((s) => s.at)) };
};

const report = (label: string, d: Awaited<ReturnType<typeof deliveries>>, queued: number) => {
  out(`${label}: delivered ${d.delivered} of ${queued} (duplicates: ${d.duplicates})`);
  out(`${label}: queued → delivered p50 ${percentile(d.delays, 50)} ms, p95 ${percentile(d.delays, 95)} ms, max ${d.delays[d.delays.length - 1]} ms`);
};

export async function run(): Promise<void> {
  const fake = await startFakeCloudApi();
  // The platform's one template of the bench (looked up by the first send).
  fake.templatePages = [[{ name: 'bench_notice', language: 'en_US', status: 'APPROVED', parameter_format: 'POSITIONAL', components: [{ type: 'BODY', text: 'Notice {{1}}' }] }]];
  const svc = await startWithFake(fake);
  try {
    out(`whole app, embedded engines, fake Cloud API on loopback; worker concurrency 16`);

    // 1. burst
    const burst = new Set<string>();
    let next = 0;
    let refused = 0;
    const started = Date.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < BURST_MESSAGES; i = next++) {
        const res = await send(svc, `burst-${i}`);
        if (res.body?.status === 'success') burst.add(`burst-${i}`);
        else refused++;
      }
    }));
    const sendMs = Date.now() - started;
    out(`burst: ${BURST_MESSAGES} sends by ${CONCURRENCY} concurrent clients: ${Math.round((burst.size * 1000) / sendMs).toLocaleString('en-US')} queued sends per second (${burst.size} in ${sendMs} ms, ${refused} not queued)`);
    const b = await deliveries(svc, fake, burst);
    out(`burst: all delivered ${b.lastAt - started} ms after the first send`);
    report('burst', b, burst.size);

    // 2. paced
    const paced = new Set<string>();
    const total = PACED_RATE * PACED_SECONDS;
    const pacedStart = Date.now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = pacedStart + (i * 1000) / PACED_RATE;
      if (due > Date.now()) await sleep(due - Date.now());
      inFlight.push(send(svc, `paced-${i}`).then((res) => {
        if (res.body?.status === 'success') paced.add(`paced-${i}`);
      }));
    }
    await Promise.all(inFlight);
    report(`paced ${PACED_RATE}/s for ${PACED_SECONDS} s`, await deliveries(svc, fake, paced), paced.size);
    out('reproduce: npm run bench -- messaging');
  } finally {
    await svc.stop();
    await fake.stop();
  }
}
