import { expect } from 'chai';
import type { ConsumerOptions, Job, JobOutcome, JobQueue } from '@support/domain';
import { eventually, sleep } from '../support/eventually';

/** Storage that queues can be opened on; opening again after close() is a restart. */
interface JobQueueSite {
  open(): Promise<JobQueue>;
  cleanup(): Promise<void>;
}

interface JobQueueContractOptions {
  /** A short ackWait the engine honours (NATS checks overdue deliveries on its own clock). */
  readonly ackWaitMs: number;
}

const LONG_ACK_WAIT_MS = 10_000;
const SETTLE_MS = 150;

let kindCounter = 0;
/** A fresh job kind per test, so tests sharing a server never see each other's jobs. */
function freshKind(): string {
  kindCounter += 1;
  return `t${Date.now().toString(36)}-${kindCounter}`;
}

function consumer(overrides: Partial<ConsumerOptions> = {}): ConsumerOptions {
  return { consumer: 'worker', maxDeliver: 3, ackWaitMs: LONG_ACK_WAIT_MS, backoffMs: () => 20, ...overrides };
}

/** A promise with its resolve, to hold a handler until the test lets it go. */
function gate(): { readonly opened: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const ack = (): JobOutcome => ({ type: 'ack' });

export function jobQueueContract(engineName: string, makeSite: () => Promise<JobQueueSite>, options: JobQueueContractOptions): void {
  describe(`JobQueue contract: ${engineName}`, () => {
    let site: JobQueueSite | undefined;
    let opened: JobQueue[] = [];
    const gates: { open(): void }[] = [];

    const open = async (): Promise<JobQueue> => {
      if (site === undefined) site = await makeSite();
      const queue = await site.open();
      opened.push(queue);
      return queue;
    };
    const held = (): ReturnType<typeof gate> => {
      const g = gate();
      gates.push(g);
      return g;
    };

    afterEach(async () => {
      gates.forEach((g) => g.open());
      gates.length = 0;
      await Promise.all(opened.map((q) => q.close()));
      opened = [];
      await site?.cleanup();
      site = undefined;
    });

    describe('publish and consume', () => {
      it('given a published job, when a consumer acks it, then the handler saw it once with its payload and first delivery', async () => {
        const queue = await open();
        const kind = freshKind();
        const before = Date.now();
        await queue.publish(kind, { ticket: 'T-1', rows: [1, 2] }, { dedupeId: 'export-1' });
        const seen: Job[] = [];
        await queue.consume(kind, consumer(), async (job) => {
          seen.push(job);
          return ack();
        });

        await eventually(() => seen.length === 1, 'the job is delivered');
        await sleep(SETTLE_MS);

        expect(seen).to.have.length(1);
        const [job] = seen;
        expect(job.kind).to.equal(kind);
        expect(job.payload).to.deep.equal({ ticket: 'T-1', rows: [1, 2] });
        expect(job.dedupeId).to.equal('export-1');
        expect(job.deliveryCount).to.equal(1);
        expect(job.id).to.be.a('string').and.not.equal('');
        expect(job.publishedAt).to.be.instanceOf(Date);
        expect(job.publishedAt.getTime()).to.be.within(before - 1_000, Date.now() + 1_000);
        expect(await queue.deadLetters(kind)).to.deep.equal([]);
      });

      it('given a job published with a dedupe id, when the same id is published again, then it is a duplicate and the job runs once', async () => {
        const queue = await open();
        const kind = freshKind();

        const first = await queue.publish(kind, { version: 1 }, { dedupeId: 'send-42' });
        const second = await queue.publish(kind, { version: 2 }, { dedupeId: 'send-42' });
        const otherKind = await queue.publish(freshKind(), { version: 3 }, { dedupeId: 'send-42' });

        expect(first.duplicate).to.equal(false);
        expect(second.duplicate).to.equal(true);
        expect(otherKind.duplicate, 'dedupe ids are per job kind').to.equal(false);
        const payloads: unknown[] = [];
        await queue.consume(kind, consumer(), async (job) => {
          payloads.push(job.payload);
          return ack();
        });
        await eventually(() => payloads.length === 1, 'the job is delivered');
        await sleep(SETTLE_MS);
        expect(payloads).to.deep.equal([{ version: 1 }]);
      });

      it('given a job kind outside the safe alphabet, when publishing, then it is refused', async () => {
        const queue = await open();
        let refused = false;
        await queue.publish('Bad Kind.*', {}, { dedupeId: 'x' }).catch(() => {
          refused = true;
        });
        expect(refused).to.equal(true);
      });
    });

    describe('retry', () => {
      it('given a handler that asks for a retry with a delay, then the job comes back no sooner, with the delivery count raised', async () => {
        const queue = await open();
        const kind = freshKind();
        await queue.publish(kind, { n: 1 }, { dedupeId: 'd' });
        const deliveries: { job: Job; at: number }[] = [];
        await queue.consume(kind, consumer(), async (job) => {
          deliveries.push({ job, at: Date.now() });
          return job.deliveryCount === 1 ? { type: 'retry', delayMs: 300, reason: 'chat app busy' } : ack();
        });

        await eventually(() => deliveries.length === 2, 'the job is redelivered');
        await sleep(SETTLE_MS);

        expect(deliveries.map((d) => d.job.deliveryCount)).to.deep.equal([1, 2]);
        expect(deliveries[1].job.id).to.equal(deliveries[0].job.id);
        expect(deliveries[1].job.payload).to.deep.equal({ n: 1 });
        expect(deliveries[1].at - deliveries[0].at).to.be.at.least(280);
        expect(await queue.deadLetters(kind)).to.deep.equal([]);
      });

      it('given a handler that throws, then the job is retried after the consumer backoff for that delivery', async () => {
        const queue = await open();
        const kind = freshKind();
        await queue.publish(kind, {}, { dedupeId: 'd' });
        const backoffAsked: number[] = [];
        const counts: number[] = [];
        await queue.consume(kind, consumer({ backoffMs: (n) => (backoffAsked.push(n), 30) }), async (job) => {
          counts.push(job.deliveryCount);
          if (job.deliveryCount === 1) throw new Error('store system timed out');
          return ack();
        });

        await eventually(() => counts.length === 2, 'the job is retried');
        await sleep(SETTLE_MS);

        expect(counts).to.deep.equal([1, 2]);
        expect(backoffAsked).to.deep.equal([1]);
        expect(await queue.deadLetters(kind)).to.deep.equal([]);
      });
    });

    describe('stats', () => {
      it('given jobs published, one held by its handler and one failed, then depth counts the unfinished and deadLetters the dead', async () => {
        const queue = await open();
        const kind = freshKind();
        expect(await queue.stats(kind), 'a kind never used').to.deep.equal({ depth: 0, deadLetters: 0 });
        await queue.publish(kind, { n: 1 }, { dedupeId: 'a' });
        await queue.publish(kind, { n: 2 }, { dedupeId: 'b' });
        await queue.publish(kind, { n: 3 }, { dedupeId: 'c' });
        expect(await queue.stats(kind), 'three waiting').to.deep.equal({ depth: 3, deadLetters: 0 });

        const hold = held();
        await queue.consume(kind, consumer({ concurrency: 3 }), async (job) => {
          const n = (job.payload as { n: number }).n;
          if (n === 2) return { type: 'fail', reason: 'refused' };
          if (n === 3) await hold.opened;
          return ack();
        });
        await eventually(async () => (await queue.stats(kind)).deadLetters === 1 && (await queue.stats(kind)).depth === 1, 'one acked, one dead, one in hand');
        expect(await queue.stats(kind)).to.deep.equal({ depth: 1, deadLetters: 1 });

        hold.open();
        await eventually(async () => (await queue.stats(kind)).depth === 0, 'the held job is acked');
        expect(await queue.stats(kind)).to.deep.equal({ depth: 0, deadLetters: 1 });
      });
    });

    describe('dead letter', () => {
      it('given a handler that keeps asking for retries, then after maxDeliver deliveries the job is a dead letter with the reason', async () => {
        const queue = await open();
        const kind = freshKind();
        await queue.publish(kind, { order: 7 }, { dedupeId: 'order-7' });
        const counts: number[] = [];
        await queue.consume(kind, consumer({ maxDeliver: 3 }), async (job) => {
          counts.push(job.deliveryCount);
          return { type: 'retry', delayMs: 20, reason: 'store system down' };
        });

        await eventually(async () => (await queue.deadLetters(kind)).length === 1, 'the job is dead');
        await sleep(SETTLE_MS);

        expect(counts).to.deep.equal([1, 2, 3]);
        const [letter] = await queue.deadLetters(kind);
        expect(letter.job.kind).to.equal(kind);
        expect(letter.job.payload).to.deep.equal({ order: 7 });
        expect(letter.job.dedupeId).to.equal('order-7');
        expect(letter.job.deliveryCount).to.equal(3);
        expect(letter.reason).to.contain('store system down');
        expect(letter.deadAt).to.be.instanceOf(Date);
      });

      it('given a handler that throws every time, then the dead letter names the error', async () => {
        const queue = await open();
        const kind = freshKind();
        await queue.publish(kind, {}, { dedupeId: 'd' });
        let calls = 0;
        await queue.consume(kind, consumer({ maxDeliver: 2 }), async () => {
          calls += 1;
          throw new Error('template missing');
        });

        await eventually(async () => (await queue.deadLetters(kind)).length === 1, 'the job is dead');
        await sleep(SETTLE_MS);

        expect(calls).to.equal(2);
        expect((await queue.deadLetters(kind))[0].reason).to.contain('template missing');
      });

      it('given a handler that fails a job, then it is a dead letter at once with that reason', async () => {
        const queue = await open();
        const kind = freshKind();
        await queue.publish(kind, { to: 'nobody' }, { dedupeId: 'd' });
        let calls = 0;
        await queue.consume(kind, consumer({ maxDeliver: 5 }), async () => {
          calls += 1;
          return { type: 'fail', reason: 'recipient unknown' };
        });

        await eventually(async () => (await queue.deadLetters(kind)).length === 1, 'the job is dead');
        await sleep(SETTLE_MS);

        expect(calls).to.equal(1);
        const [letter] = await queue.deadLetters(kind);
        expect(letter.reason).to.equal('recipient unknown');
        expect(letter.job.deliveryCount).to.equal(1);
        expect(letter.job.payload).to.deep.equal({ to: 'nobody' });
      });

      it('given several dead jobs, then deadLetters lists them oldest first', async () => {
        const queue = await open();
        const kind = freshKind();
        await queue.consume(kind, consumer(), async (job) => ({ type: 'fail', reason: `no ${String((job.payload as { n: number }).n)}` }));
        for (const n of [1, 2, 3]) {
          await queue.publish(kind, { n }, { dedupeId: `d${n}` });
          await eventually(async () => (await queue.deadLetters(kind)).length === n, `job ${n} is dead`);
        }
        expect((await queue.deadLetters(kind)).map((l) => l.reason)).to.deep.equal(['no 1', 'no 2', 'no 3']);
      });
    });

    describe('ack wait', () => {
      it('given a handler that overruns ackWait, then the job is redelivered and the late outcome is ignored', async () => {
        const queue = await open();
        const kind = freshKind();
        await queue.publish(kind, {}, { dedupeId: 'd' });
        const secondDelivery = held();
        const counts: number[] = [];
        await queue.consume(kind, consumer({ ackWaitMs: options.ackWaitMs, maxDeliver: 5, concurrency: 2 }), async (job) => {
          counts.push(job.deliveryCount);
          if (job.deliveryCount === 1) {
            await secondDelivery.opened;
            return ack();
          }
          if (job.deliveryCount === 2) {
            secondDelivery.open();
            await sleep(50);
            return { type: 'retry', delayMs: 30 };
          }
          return ack();
        });

        await eventually(() => counts.length === 3, 'the retried redelivery arrives', options.ackWaitMs * 3 + 3_000);
        await sleep(SETTLE_MS);

        expect(counts, 'the late ack of the first delivery did not finish the job').to.deep.equal([1, 2, 3]);
        expect(await queue.deadLetters(kind)).to.deep.equal([]);
      });

      it('given a handler that extends its lease while it works, when it works for three ackWaits, then the job is not delivered again and its ack counts', async () => {
        const queue = await open();
        const kind = freshKind();
        await queue.publish(kind, {}, { dedupeId: 'd' });
        const deliveries: number[] = [];
        const extended: boolean[] = [];
        await queue.consume(kind, consumer({ ackWaitMs: options.ackWaitMs, maxDeliver: 5, concurrency: 2 }), async (job, lease) => {
          deliveries.push(job.deliveryCount);
          const until = Date.now() + options.ackWaitMs * 3;
          while (Date.now() < until) {
            await sleep(options.ackWaitMs / 3);
            extended.push(await lease.extend());
          }
          return ack();
        });

        await eventually(async () => (await queue.stats(kind)).depth === 0, 'the job is acked', options.ackWaitMs * 6 + 3_000);
        await sleep(options.ackWaitMs * 2);

        expect(deliveries).to.deep.equal([1]);
        expect(extended.every((x) => x)).to.equal(true);
        expect(await queue.deadLetters(kind)).to.deep.equal([]);
      });

      it('given a lease that ran out, when the handler tries to extend it, then it answers false and the job is delivered again', async () => {
        const queue = await open();
        const kind = freshKind();
        await queue.publish(kind, {}, { dedupeId: 'd' });
        const answers: boolean[] = [];
        const deliveries: number[] = [];
        await queue.consume(kind, consumer({ ackWaitMs: options.ackWaitMs, maxDeliver: 5, concurrency: 2 }), async (job, lease) => {
          deliveries.push(job.deliveryCount);
          if (job.deliveryCount === 1) {
            await sleep(options.ackWaitMs * 2);
            answers.push(await lease.extend());
          }
          return ack();
        });

        await eventually(() => answers.length === 1 && deliveries.length >= 2, 'the late extension is answered and the job redelivered', options.ackWaitMs * 6 + 3_000);
        expect(answers).to.deep.equal([false]);
        expect(deliveries.slice(0, 2)).to.deep.equal([1, 2]);
      });

      it('given a last allowed delivery that overruns ackWait, then the job is a dead letter', async () => {
        const queue = await open();
        const kind = freshKind();
        await queue.publish(kind, {}, { dedupeId: 'd' });
        const release = held();
        let calls = 0;
        await queue.consume(kind, consumer({ ackWaitMs: options.ackWaitMs, maxDeliver: 1 }), async () => {
          calls += 1;
          await release.opened;
          return ack();
        });

        await eventually(async () => (await queue.deadLetters(kind)).length === 1, 'the job is dead', options.ackWaitMs * 3 + 3_000);
        release.open();
        await sleep(SETTLE_MS);

        expect(calls).to.equal(1);
        const letters = await queue.deadLetters(kind);
        expect(letters).to.have.length(1);
        expect(letters[0].job.deliveryCount).to.equal(1);
        expect(letters[0].reason).to.contain('no outcome');
      });
    });

    describe('durable consumers', () => {
      it('given two consumers under one durable name, then each job is handled exactly once', async () => {
        const queue = await open();
        const kind = freshKind();
        const ids = Array.from({ length: 12 }, (_, i) => `job-${i}`);
        for (const id of ids) await queue.publish(kind, { id }, { dedupeId: id });
        const handled: string[] = [];
        const handler = async (job: Job): Promise<JobOutcome> => {
          await sleep(10);
          handled.push((job.payload as { id: string }).id);
          return ack();
        };
        await queue.consume(kind, consumer({ concurrency: 2 }), handler);
        await queue.consume(kind, consumer({ concurrency: 2 }), handler);

        await eventually(() => handled.length >= ids.length, 'every job is handled');
        await sleep(SETTLE_MS);

        expect([...handled].sort()).to.deep.equal([...ids].sort());
      });

      it('given a consumer on a job kind, when another consumer name subscribes to that kind, then it is refused', async () => {
        const queue = await open();
        const kind = freshKind();
        await queue.consume(kind, consumer({ consumer: 'exports' }), async () => ack());

        let refused = false;
        await queue.consume(kind, consumer({ consumer: 'someone-else' }), async () => ack()).catch(() => {
          refused = true;
        });

        expect(refused).to.equal(true);
      });

      it('given concurrency 3, then at most 3 jobs are in hand at once and 3 are reached', async () => {
        const queue = await open();
        const kind = freshKind();
        for (let i = 0; i < 6; i += 1) await queue.publish(kind, { i }, { dedupeId: `d${i}` });
        let inHand = 0;
        let most = 0;
        let done = 0;
        const full = held();
        await queue.consume(kind, consumer({ concurrency: 3 }), async () => {
          inHand += 1;
          most = Math.max(most, inHand);
          if (inHand === 3) full.open();
          await Promise.race([full.opened, sleep(1_000)]);
          await sleep(20);
          inHand -= 1;
          done += 1;
          return ack();
        });

        await eventually(() => done === 6, 'every job is handled');

        expect(most).to.equal(3);
      });

      it('given a job in hand, when the consumer stops, then stop waits for it and no further job is taken', async () => {
        const queue = await open();
        const kind = freshKind();
        await queue.publish(kind, { n: 1 }, { dedupeId: 'd1' });
        const started = held();
        let finished = false;
        let calls = 0;
        const handle = await queue.consume(kind, consumer(), async () => {
          calls += 1;
          started.open();
          await sleep(100);
          finished = true;
          return ack();
        });
        await started.opened;

        await handle.stop();

        expect(finished).to.equal(true);
        await queue.publish(kind, { n: 2 }, { dedupeId: 'd2' });
        await sleep(SETTLE_MS * 2);
        expect(calls).to.equal(1);
      });
    });

    describe('restart', () => {
      it('given a job published before a restart, then a consumer after the restart gets it', async () => {
        const before = await open();
        const kind = freshKind();
        await before.publish(kind, { ticket: 'T-9' }, { dedupeId: 'd' });
        await before.close();

        const after = await open();
        const seen: Job[] = [];
        await after.consume(kind, consumer(), async (job) => {
          seen.push(job);
          return ack();
        });

        await eventually(() => seen.length === 1, 'the job is delivered after the restart');
        expect(seen[0].payload).to.deep.equal({ ticket: 'T-9' });
        expect(seen[0].deliveryCount).to.equal(1);
      });

      it('given a job retried before a restart, then after the restart it is delivered again with its delivery count', async () => {
        const before = await open();
        const kind = freshKind();
        await before.publish(kind, {}, { dedupeId: 'd' });
        const delivered = held();
        let firstId = '';
        const handle = await before.consume(kind, consumer(), async (job) => {
          firstId = job.id;
          delivered.open();
          return { type: 'retry', delayMs: 100 };
        });
        await delivered.opened;
        await handle.stop();
        await before.close();

        const after = await open();
        const seen: Job[] = [];
        await after.consume(kind, consumer(), async (job) => {
          seen.push(job);
          return ack();
        });

        await eventually(() => seen.length === 1, 'the job is redelivered after the restart');
        expect(seen[0].id).to.equal(firstId);
        expect(seen[0].deliveryCount).to.equal(2);
      });

      it('given a dedupe id and a dead letter before a restart, then both are still known after it', async () => {
        const before = await open();
        const kind = freshKind();
        await before.publish(kind, { n: 1 }, { dedupeId: 'once' });
        await before.consume(kind, consumer(), async () => ({ type: 'fail', reason: 'broken payload' }));
        await eventually(async () => (await before.deadLetters(kind)).length === 1, 'the job is dead');
        await before.close();

        const after = await open();

        expect((await after.publish(kind, { n: 2 }, { dedupeId: 'once' })).duplicate).to.equal(true);
        const letters = await after.deadLetters(kind);
        expect(letters).to.have.length(1);
        expect(letters[0].reason).to.equal('broken payload');
        expect(letters[0].job.payload).to.deep.equal({ n: 1 });
      });
    });

    describe('publisher positions', () => {
      it('given a publisher that never saved one, then its position is null', async () => {
        const queue = await open();

        expect(await queue.publisherPosition(`dispatch:${freshKind()}`)).to.equal(null);
      });

      it('given positions saved by two publishers, when the queue restarts, then each answers the last one it saved', async () => {
        const before = await open();
        const [text, exports] = [`dispatch:${freshKind()}`, `dispatch:${freshKind()}`];
        await before.savePublisherPosition(text, '10/10');
        await before.savePublisherPosition(exports, '4/4');
        await before.savePublisherPosition(text, '25/25');
        expect(await before.publisherPosition(text)).to.equal('25/25');
        await before.close();

        const after = await open();

        expect(await after.publisherPosition(text)).to.equal('25/25');
        expect(await after.publisherPosition(exports)).to.equal('4/4');
      });

      it('given names that differ only in characters outside letters and digits, then each keeps its own position', async () => {
        const queue = await open();
        const base = freshKind();
        await queue.savePublisherPosition(`${base}:a.b`, '1/1');
        await queue.savePublisherPosition(`${base}:a/b`, '2/2');
        await queue.savePublisherPosition(`${base}=3a=a.b`, '3/3');

        expect(await queue.publisherPosition(`${base}:a.b`)).to.equal('1/1');
        expect(await queue.publisherPosition(`${base}:a/b`)).to.equal('2/2');
        expect(await queue.publisherPosition(`${base}=3a=a.b`)).to.equal('3/3');
      });
    });
  });
}
