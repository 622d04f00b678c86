import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeadLetter, Job, JobQueue } from '@support/domain';
import { EmbeddedJobQueue, embeddedJobJournalPath, importEmbeddedJobs, SqliteJobQueue } from '@support/adapters';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

const exists = (path: string): Promise<boolean> => stat(path).then(() => true, () => false);

const CONSUMER = { consumer: 'worker', maxDeliver: 5, ackWaitMs: 10_000 };

interface OldQueue {
  /** The jobs still pending in the old journal (from its publish lines), as a consumer sees them but for the delivery count. */
  readonly pending: Omit<Job, 'deliveryCount'>[];
  readonly deadLetters: DeadLetter[];
}

/**
 * An old queue folder made with the embedded queue: `email` jobs a1, a2 acked, d1 dead-lettered,
 * then p1, p2 published and left pending; an `export` job x1 pending; publisher positions saved.
 */
async function oldFolder(dir: string): Promise<OldQueue> {
  const queue = await EmbeddedJobQueue.open({ dir });
  try {
    for (const id of ['a1', 'a2', 'd1']) await queue.publish('email', { id, body: { text: 'hé', n: [1, 2] } }, { dedupeId: `email-${id}` });
    const handled: string[] = [];
    const consumer = await queue.consume<{ id: string }>('email', CONSUMER, async (job) => {
      handled.push(job.payload.id);
      return job.payload.id === 'd1' ? { type: 'fail', reason: 'mailbox does not exist' } : { type: 'ack' };
    });
    await eventually(async () => handled.length === 3 && (await queue.stats('email')).depth === 0, 'the first jobs are settled');
    await consumer.stop();
    for (const id of ['p1', 'p2']) await queue.publish('email', { id }, { dedupeId: `email-${id}` });
    await queue.publish('export', { id: 'x1', rows: 10 }, { dedupeId: 'export-x1' });
    await queue.savePublisherPosition('ticket-dispatcher', '{"commit":"41","prepare":"41"}');
    await queue.savePublisherPosition('ticket-dispatcher', '{"commit":"42","prepare":"42"}');
    await queue.savePublisherPosition('order-dispatcher', '7');
    const deadLetters = await queue.deadLetters('email');
    expect(deadLetters.map((d) => [d.job.dedupeId, d.job.deliveryCount, d.reason])).to.deep.equal([['email-d1', 1, 'mailbox does not exist']]);
    expect(await queue.stats('email')).to.deep.equal({ depth: 2, deadLetters: 1 });
    await queue.close();
    const published = (await readFile(embeddedJobJournalPath(dir), 'utf8'))
      .split('\n')
      .filter((l) => l.includes('"t":"published"'))
      .map((l) => JSON.parse(l) as { id: string; kind: string; dedupeId: string; payload: unknown; publishedAt: string });
    const pending = published
      .filter((p) => ['email-p1', 'email-p2', 'export-x1'].includes(p.dedupeId))
      .map((p) => ({ id: p.id, kind: p.kind, payload: p.payload, dedupeId: p.dedupeId, publishedAt: new Date(p.publishedAt) }));
    expect(pending).to.have.length(3);
    return { pending, deadLetters };
  } finally {
    await queue.close();
  }
}

describe('importEmbeddedJobs', () => {
  let root: string;
  let oldDir: string;
  let file: string;
  const open: JobQueue[] = [];

  const openSqlite = async (): Promise<SqliteJobQueue> => {
    const queue = await SqliteJobQueue.open({ file, pollMs: 10 });
    open.push(queue);
    return queue;
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'job-import-'));
    oldDir = join(root, 'jobs');
    file = join(root, 'jobs.sqlite');
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((q) => q.close()));
    await rm(root, { recursive: true, force: true });
  });

  it('given an old journal, when imported, then its pending jobs are consumed from SQLite with their id, kind, payload, dedupe id and publish time', async () => {
    const old = await oldFolder(oldDir);

    expect(await importEmbeddedJobs(oldDir, file)).to.deep.equal({ jobs: 6, positions: 2 });

    const queue = await openSqlite();
    expect(await queue.stats('email')).to.deep.equal({ depth: 2, deadLetters: 1 });
    expect(await queue.stats('export')).to.deep.equal({ depth: 1, deadLetters: 0 });
    const seen: Job[] = [];
    for (const kind of ['email', 'export']) {
      await queue.consume(kind, CONSUMER, async (job) => {
        seen.push(job);
        return { type: 'ack' };
      });
    }
    await eventually(() => seen.length === 3, 'the imported jobs are consumed');
    expect(seen.map((j) => j.deliveryCount)).to.deep.equal([1, 1, 1]);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(seen.map(({ deliveryCount: _, ...job }) => job).sort(byId)).to.deep.equal([...old.pending].sort(byId));
    expect(seen.filter((j) => j.kind === 'email').map((j) => (j.payload as { id: string }).id)).to.deep.equal(['p1', 'p2']);
    await eventually(async () => (await queue.stats('email')).depth === 0 && (await queue.stats('export')).depth === 0, 'they are acked');
  });

  it('given an old journal, when imported, then dead letters are listed as they were and publisher positions read back', async () => {
    const old = await oldFolder(oldDir);
    await importEmbeddedJobs(oldDir, file);

    const queue = await openSqlite();
    expect(await queue.deadLetters('email')).to.deep.equal(old.deadLetters);
    expect(await queue.deadLetters('export')).to.deep.equal([]);
    expect(await queue.publisherPosition('ticket-dispatcher')).to.equal('{"commit":"42","prepare":"42"}');
    expect(await queue.publisherPosition('order-dispatcher')).to.equal('7');
    expect(await queue.publisherPosition('never-saved')).to.equal(null);
  });

  it('given an old journal, when imported, then re-publishing an acked, dead or pending job is a duplicate and a new one is not', async () => {
    await oldFolder(oldDir);
    await importEmbeddedJobs(oldDir, file);

    const queue = await openSqlite();
    for (const dedupeId of ['email-a1', 'email-a2', 'email-d1', 'email-p1']) {
      expect(await queue.publish('email', { again: true }, { dedupeId }), dedupeId).to.deep.equal({ duplicate: true });
    }
    expect(await queue.publish('export', { again: true }, { dedupeId: 'export-x1' })).to.deep.equal({ duplicate: true });
    expect(await queue.publish('email', { id: 'n1' }, { dedupeId: 'email-n1' })).to.deep.equal({ duplicate: false });
    expect(await queue.publish('export', { id: 'a1' }, { dedupeId: 'email-a1' }), 'dedupe ids are per kind').to.deep.equal({ duplicate: false });
    expect(await queue.stats('email')).to.deep.equal({ depth: 3, deadLetters: 1 });
  });

  it('given a job delivered before the import, when imported, then its deliveries so far count and its retry time holds', async () => {
    const queue = await EmbeddedJobQueue.open({ dir: oldDir });
    await queue.publish('email', { id: 'r1' }, { dedupeId: 'email-r1' });
    let deliveries = 0;
    const consumer = await queue.consume('email', CONSUMER, async () => {
      deliveries += 1;
      // The second retry waits, so that the job is not delivered past maxDeliver before the consumer stops.
      return { type: 'retry', delayMs: deliveries < 2 ? 0 : 400 };
    });
    await eventually(() => deliveries >= 2, 'the job is delivered twice');
    await consumer.stop();
    await queue.close();
    const journal = (await readFile(embeddedJobJournalPath(oldDir), 'utf8')).split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
    const delivered = Math.max(...journal.filter((r) => r.t === 'delivered').map((r) => r.deliveryCount as number));
    const notBefore = Date.parse(journal.filter((r) => r.t === 'retry').map((r) => r.notBefore as string).pop() as string);

    await importEmbeddedJobs(oldDir, file);

    const sqlite = await openSqlite();
    const seen: Job[] = [];
    let deliveredAt = 0;
    await sqlite.consume('email', CONSUMER, async (job) => {
      deliveredAt = Date.now();
      seen.push(job);
      return { type: 'ack' };
    });
    await eventually(() => seen.length === 1, 'the job is delivered');
    expect(deliveredAt, 'not before its retry time').to.be.at.least(notBefore);
    expect(delivered).to.equal(2);
    expect(seen[0].deliveryCount).to.equal(delivered + 1);
  });

  it('given an imported journal, then the old folder is renamed beside with a UTC timestamp, and a second import is a no-op', async () => {
    await oldFolder(oldDir);
    await importEmbeddedJobs(oldDir, file);

    const entries = await readdir(root);
    expect(entries).to.not.include('jobs');
    const renamed = entries.filter((e) => /^jobs\.imported-\d{8}T\d{6}Z$/.test(e));
    expect(renamed).to.have.length(1);
    expect(await exists(join(root, renamed[0], 'jobs.journal.jsonl'))).to.equal(true);

    expect(await importEmbeddedJobs(oldDir, file)).to.equal(null);
    const queue = await openSqlite();
    expect(await queue.stats('email')).to.deep.equal({ depth: 2, deadLetters: 1 });
  });

  it('given a SQLite queue that already has jobs, when an old journal is present, then nothing is imported and the old folder stays', async () => {
    await oldFolder(oldDir);
    const queue = await openSqlite();
    await queue.publish('email', { id: 'fresh' }, { dedupeId: 'email-fresh' });

    expect(await importEmbeddedJobs(oldDir, file)).to.equal(null);

    expect(await exists(embeddedJobJournalPath(oldDir))).to.equal(true);
    expect(await queue.stats('email')).to.deep.equal({ depth: 1, deadLetters: 0 });
  });

  it('given no old folder, when imported, then the answer is null', async () => {
    expect(await importEmbeddedJobs(oldDir, file)).to.equal(null);
  });

  it('given a journal damaged in the middle, when imported, then it stops naming the file and the line, and imports nothing', async () => {
    await oldFolder(oldDir);
    const journal = embeddedJobJournalPath(oldDir);
    const lines = (await readFile(journal, 'utf8')).split('\n').filter((l) => l !== '');
    lines[2] = lines[2].slice(0, 10);
    await writeFile(journal, lines.map((l) => `${l}\n`).join(''));

    let failure: unknown = null;
    await importEmbeddedJobs(oldDir, file).catch((error: unknown) => (failure = error));

    expect(failure).to.be.instanceOf(Error);
    expect((failure as Error).message).to.include(journal).and.include('line 3');
    expect(await exists(journal)).to.equal(true);
    const queue = await openSqlite();
    expect(await queue.stats('email')).to.deep.equal({ depth: 0, deadLetters: 0 });
  });
});
