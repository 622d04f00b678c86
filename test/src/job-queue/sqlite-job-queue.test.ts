import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { ConsumerOptions, Job } from '@support/domain';
import { SqliteJobQueue } from '@support/adapters';
import { eventually, sleep } from '../support/eventually';

const consumer = (overrides: Partial<ConsumerOptions> = {}): ConsumerOptions => ({ consumer: 'worker', maxDeliver: 3, ackWaitMs: 10_000, backoffMs: () => 20, ...overrides });

/**
 * SqliteJobQueue instances on one file, as the processes of the service (command-api publishing,
 * workers consuming) share DATA_DIR/jobs.sqlite: two connections in this process stand in for two
 * processes, and one test kills a real worker process.
 */
describe('SqliteJobQueue shared by several connections', () => {
  let dir: string;
  let file: string;
  let opened: SqliteJobQueue[] = [];

  const open = async (): Promise<SqliteJobQueue> => {
    const queue = await SqliteJobQueue.open({ file, pollMs: 20 });
    opened.push(queue);
    return queue;
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sqlite-job-queue-'));
    file = join(dir, 'jobs.sqlite');
  });

  afterEach(async () => {
    await Promise.all(opened.map((q) => q.close()));
    opened = [];
    await rm(dir, { recursive: true, force: true });
  });

  it('given consumers on both queues, when jobs are published through one, then each job is handled exactly once across them', async () => {
    const [publisher, other] = [await open(), await open()];
    const handledBy: { id: string; by: string }[] = [];
    const handler = (by: string) => async (job: Job) => {
      await sleep(5);
      handledBy.push({ id: (job.payload as { id: string }).id, by });
      return { type: 'ack' } as const;
    };
    await publisher.consume('export', consumer({ concurrency: 2 }), handler('publisher'));
    await other.consume('export', consumer({ concurrency: 2 }), handler('other'));

    const ids = Array.from({ length: 30 }, (_, i) => `job-${i}`);
    for (const id of ids) await publisher.publish('export', { id }, { dedupeId: id });

    await eventually(() => handledBy.length >= ids.length, 'every job is handled');
    await sleep(150);
    expect(handledBy.map((h) => h.id).sort()).to.deep.equal([...ids].sort());
    expect(await other.stats('export')).to.deep.equal({ depth: 0, deadLetters: 0 });
  });

  it('given a job published through one queue, when the other publishes its dedupe id again, then it is a duplicate', async () => {
    const [first, second] = [await open(), await open()];

    expect((await first.publish('export', { n: 1 }, { dedupeId: 'once' })).duplicate).to.equal(false);
    expect((await second.publish('export', { n: 2 }, { dedupeId: 'once' })).duplicate).to.equal(true);
    expect(await second.stats('export')).to.deep.equal({ depth: 1, deadLetters: 0 });
  });

  it('given a consumer that never acks, when its queue is closed, then the other queue gets the job again once the lease runs out', async () => {
    const ackWaitMs = 300;
    const [dying, survivor] = [await open(), await open()];
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const firstDeliveries: { job: Job; at: number }[] = [];
    await dying.consume('export', consumer({ ackWaitMs }), async (job) => {
      firstDeliveries.push({ job, at: Date.now() });
      await released;
      return { type: 'ack' };
    });
    await dying.publish('export', { ticket: 'T-1' }, { dedupeId: 'export-T-1' });
    await eventually(() => firstDeliveries.length === 1, 'the dying queue holds the job');

    const closing = dying.close();
    const secondDeliveries: { job: Job; at: number }[] = [];
    await survivor.consume('export', consumer({ ackWaitMs }), async (job) => {
      secondDeliveries.push({ job, at: Date.now() });
      return { type: 'ack' };
    });
    await eventually(() => secondDeliveries.length === 1, 'the survivor gets the job');
    // The dying queue's handler answers only now, past its lease: its ack is dropped.
    release();
    await closing;
    await sleep(150);

    const [first] = firstDeliveries;
    const [second] = secondDeliveries;
    expect(second.job.id).to.equal(first.job.id);
    expect(second.job.payload).to.deep.equal({ ticket: 'T-1' });
    expect(second.job.deliveryCount).to.equal(2);
    expect(second.at - first.at, 'not before the lease ran out').to.be.at.least(ackWaitMs - 20);
    expect(secondDeliveries).to.have.length(1);
    expect(await survivor.stats('export')).to.deep.equal({ depth: 0, deadLetters: 0 });
  });

  it('given a worker process killed while it holds a job, then a queue in another process gets the job again once the lease runs out', async () => {
    const ackWaitMs = 300;
    const survivor = await open();
    await survivor.publish('export', { ticket: 'T-2' }, { dedupeId: 'export-T-2' });
    // The worker takes the job, says so, and is killed before its handler answers.
    const script = `
      const { SqliteJobQueue } = require(${JSON.stringify(require.resolve('@support/adapters'))});
      SqliteJobQueue.open({ file: ${JSON.stringify(file)}, pollMs: 20 }).then((queue) =>
        queue.consume('export', { consumer: 'worker', maxDeliver: 3, ackWaitMs: ${ackWaitMs} }, () => {
          process.stdout.write('holding\\n');
          return new Promise(() => undefined);
        }));
    `;
    const worker = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const killed = new Promise<NodeJS.Signals | null>((resolve) => worker.on('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      worker.stdout.on('data', () => resolve());
      worker.on('error', reject);
      void killed.then(() => reject(new Error('the worker exited before it took the job')));
    });
    const takenAt = Date.now();
    worker.kill('SIGKILL');
    expect(await killed).to.equal('SIGKILL');

    const deliveries: Job[] = [];
    await survivor.consume('export', consumer({ ackWaitMs }), async (job) => {
      deliveries.push(job);
      return { type: 'ack' };
    });
    await eventually(() => deliveries.length === 1, 'the survivor gets the job');

    expect(Date.now() - takenAt, 'not before the lease ran out').to.be.at.least(ackWaitMs - 50);
    expect(deliveries[0].payload).to.deep.equal({ ticket: 'T-2' });
    expect(deliveries[0].deliveryCount).to.equal(2);
    await eventually(async () => (await survivor.stats('export')).depth === 0, 'the job is acked');
  });
});
