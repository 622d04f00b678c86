import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { longestTurn } from '../bench/support/longest-turn';
import { expect } from 'chai';
import type { Job, JobQueue } from '@support/domain';
import { EmbeddedJobQueue, embeddedJobJournalPath } from '@support/adapters';
import { readJournal, rewriteJournal } from '@support/adapters/dist/job-queue/embedded/journal-replay';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

async function journalLines(dir: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(embeddedJobJournalPath(dir), 'utf8');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function collect(queue: JobQueue, kind: string, maxDeliver = 3): Job[] {
  const seen: Job[] = [];
  void queue.consume(kind, { consumer: 'w', maxDeliver, ackWaitMs: 10_000 }, async (job) => {
    seen.push(job);
    return { type: 'ack' };
  });
  return seen;
}

const published = (id: string, dedupeId: string): string =>
  JSON.stringify({ t: 'published', id, kind: 'export', dedupeId, payload: { id }, publishedAt: new Date().toISOString() });

describe('EmbeddedJobQueue journal', () => {
  let dir: string;
  const open: JobQueue[] = [];
  const openQueue = async (): Promise<JobQueue> => {
    const queue = await EmbeddedJobQueue.open({ dir });
    open.push(queue);
    return queue;
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'job-journal-'));
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((q) => q.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('given a publish that resolved, then its record is already in the journal file', async () => {
    const queue = await openQueue();

    await queue.publish('export', { n: 1 }, { dedupeId: 'exp-1' });

    expect((await journalLines(dir)).map((r) => [r.t, r.dedupeId])).to.deep.equal([['published', 'exp-1']]);
  });

  it('given a journal whose last line was torn by a crash, when opened, then the whole records count and the torn one is dropped', async () => {
    await writeFile(embeddedJobJournalPath(dir), `${published('a', 'da')}\n${published('b', 'db').slice(0, 40)}`);

    const queue = await openQueue();
    const seen = collect(queue, 'export');

    await eventually(() => seen.length === 1, 'the whole job is delivered');
    await sleep(50);
    expect(seen.map((j) => j.id)).to.deep.equal(['a']);
    expect((await journalLines(dir)).filter((r) => r.id === 'b')).to.deep.equal([]);
  });

  it('given a last record written whole but without its newline, when opened, then it counts', async () => {
    await writeFile(embeddedJobJournalPath(dir), published('a', 'da'));

    const queue = await openQueue();
    const seen = collect(queue, 'export');

    await eventually(() => seen.length === 1, 'the job is delivered');
    expect(seen[0].id).to.equal('a');
  });

  it('given a damaged line before the end, when opened, then opening fails rather than losing jobs', async () => {
    await writeFile(embeddedJobJournalPath(dir), `${published('a', 'da')}\n{"t":"publ\n${published('b', 'db')}\n`);

    let failure: unknown;
    await EmbeddedJobQueue.open({ dir }).catch((error: unknown) => {
      failure = error;
    });

    expect(String(failure)).to.contain('damaged at line 2');
    await writeFile(embeddedJobJournalPath(dir), '');
    await openQueue(); // the failed open did not leave the folder taken
  });

  it('given finished and pending jobs, when reopened, then the journal keeps only pending jobs and the dedupe ids of finished ones', async () => {
    const first = await openQueue();
    await first.publish('export', { n: 1 }, { dedupeId: 'done-1' });
    await first.publish('export', { n: 2 }, { dedupeId: 'done-2' });
    const seen = collect(first, 'export');
    await eventually(() => seen.length === 2, 'both jobs are acked');
    await first.close();
    const second = await openQueue();
    await second.publish('export', { n: 3 }, { dedupeId: 'pending-3' });
    await second.close();

    await openQueue();

    const lines = await journalLines(dir);
    expect(lines.map((r) => r.t)).to.deep.equal(['dedupe', 'dedupe', 'published']);
    expect(lines.map((r) => r.dedupeId)).to.deep.equal(['done-1', 'done-2', 'pending-3']);
  });

  it('given a running queue whose journal outgrows its compaction size while jobs are published and acknowledged, then it is rewritten short while running, and a reopen delivers exactly the pending jobs and still knows the finished ones', async () => {
    const queue = await EmbeddedJobQueue.open({ dir, compactAfterBytes: 4_000 });
    open.push(queue);
    const seen = collect(queue, 'export');
    for (let i = 0; i < 300; i++) await queue.publish('export', { n: i, text: 'x'.repeat(100) }, { dedupeId: `done-${i}` });
    await eventually(() => seen.length === 300, 'every export job is acked');
    for (let i = 0; i < 5; i++) await queue.publish('later', { n: i }, { dedupeId: `pending-${i}` });

    // 300 jobs published, delivered and acked wrote 900 lines; compaction kept a dedupe id per finished job.
    const whileRunning = await journalLines(dir);
    expect(whileRunning.filter((r) => r.t === 'published' && r.kind === 'export').length).to.be.below(300);
    expect(whileRunning.length).to.be.below(600);

    await queue.close();
    open.splice(open.indexOf(queue), 1);
    const reopened = await openQueue();
    expect((await reopened.publish('export', { n: 0 }, { dedupeId: 'done-0' })).duplicate).to.equal(true);
    expect((await reopened.publish('export', { n: 299 }, { dedupeId: 'done-299' })).duplicate).to.equal(true);
    const later = collect(reopened, 'later');
    await eventually(() => later.length === 5, 'the pending jobs are delivered');
    await sleep(50);
    expect(later.map((j) => (j.payload as { n: number }).n).sort()).to.deep.equal([0, 1, 2, 3, 4]);
    expect(collect(reopened, 'export')).to.deep.equal([]);
  });

  it('given a journal of 200,000 finished jobs, when it is rewritten compacted, then other work gets its turns meanwhile: no turn the rewrite takes is longer than a small part of the whole, and the file holds every record', async () => {
    // given
    const records = Array.from({ length: 200_000 }, (_, i) => ({ t: 'dedupe' as const, kind: 'ticket-text-processing', dedupeId: `event-${i}-${'x'.repeat(30)}` }));
    const path = join(dir, 'journal.jsonl');
    const turns = longestTurn();
    // when
    const started = performance.now();
    await rewriteJournal(path, records);
    const took = performance.now() - started;
    turns.stop();
    // then
    const longest = turns.longestMs;
    expect(longest, `longest turn ${longest.toFixed(1)} ms of ${took.toFixed(0)} ms`).to.be.below(took / 4);
    expect(await readJournal(path)).to.deep.equal(records);
  });

  it('given a queue open on a folder, when the same folder is opened again in this process, then it is refused until closed', async () => {
    const first = await openQueue();

    let refused = false;
    await EmbeddedJobQueue.open({ dir }).catch(() => {
      refused = true;
    });
    await first.close();

    expect(refused).to.equal(true);
    await openQueue();
  });

  it('given a process killed while a delivery was in hand on its last allowed try, when reopened, then the job is a dead letter and the handler is not called again', async () => {
    await runChildThenKill(dir, 'lastDeliveryInHand');

    const queue = await openQueue();
    const seen = collect(queue, 'export', 1);

    await eventually(async () => (await queue.deadLetters('export')).length === 1, 'the job is dead');
    expect(seen).to.deep.equal([]);
    const [letter] = await queue.deadLetters('export');
    expect(letter.job.deliveryCount).to.equal(1);
    expect(letter.reason).to.contain('no outcome');
  });

  it('given a process killed right after its publishes resolved, when reopened, then every published job is delivered', async () => {
    await runChildThenKill(dir, 'publishOnly');

    const queue = await openQueue();
    const seen = collect(queue, 'export');

    await eventually(() => seen.length === 20, 'all published jobs are delivered');
    expect(new Set(seen.map((j) => j.dedupeId)).size).to.equal(20);
  });
});

/**
 * Runs the queue in a child process that SIGKILLs itself once its scenario is done, as a crash
 * would: nothing gets to close or flush.
 */
function runChildThenKill(dir: string, scenario: 'publishOnly' | 'lastDeliveryInHand'): Promise<void> {
  const script = `
    const { EmbeddedJobQueue } = require(${JSON.stringify(require.resolve('@support/adapters/dist/job-queue/embedded'))});
    (async () => {
      const queue = await EmbeddedJobQueue.open({ dir: ${JSON.stringify(dir)} });
      if (${JSON.stringify(scenario)} === 'publishOnly') {
        await Promise.all(Array.from({ length: 20 }, (_, i) => queue.publish('export', { i }, { dedupeId: 'job-' + i })));
      } else {
        await queue.publish('export', {}, { dedupeId: 'stuck' });
        await new Promise((inHand) => queue.consume('export', { consumer: 'w', maxDeliver: 1, ackWaitMs: 60000 }, () => { inHand(); return new Promise(() => {}); }));
        // A durable publish writes out every record queued before it, the delivery record included.
        await queue.publish('other', {}, { dedupeId: 'flush' });
      }
      process.kill(process.pid, 'SIGKILL');
    })();
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`child did not crash as planned: ${stderr}`))));
  });
}
