import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeadLetter, Job, JobQueue } from '@support/domain';
import { importEmbeddedJobs, SqliteJobQueue } from '@support/adapters';
import { legacyJournalFile, writeLegacyJournal, type LegacyJournalLine } from '../support/legacy-job-journal';
import { eventually } from '../support/eventually';

const exists = (path: string): Promise<boolean> => stat(path).then(() => true, () => false);

const CONSUMER = { consumer: 'worker', maxDeliver: 5, ackWaitMs: 10_000 };

interface OldQueue {
  /** The jobs still pending in the old journal (from its publish lines), as a consumer sees them but for the delivery count. */
  readonly pending: Omit<Job, 'deliveryCount'>[];
  readonly deadLetters: DeadLetter[];
}

/**
 * An old queue folder, its journal as the embedded queue of earlier versions wrote it: `email` jobs
 * a1, a2 delivered and acked, d1 delivered and dead-lettered, then p1, p2 published and left
 * pending; an `export` job x1 pending; publisher positions saved (the last one of each counts).
 */
async function oldFolder(dir: string): Promise<OldQueue> {
  const at = (msAgo: number): string => new Date(Date.now() - msAgo).toISOString();
  const published = (kind: string, id: string, payload: unknown, msAgo: number) =>
    ({ t: 'published', id: `job-${id}`, kind, dedupeId: `${kind}-${id}`, payload, publishedAt: at(msAgo) }) as const;
  const first = ['a1', 'a2', 'd1'].map((id, i) => published('email', id, { id, body: { text: 'hé', n: [1, 2] } }, 1_000 - i));
  const later = [published('email', 'p1', { id: 'p1' }, 500), published('email', 'p2', { id: 'p2' }, 499), published('export', 'x1', { id: 'x1', rows: 10 }, 498)];
  const deadAt = at(600);
  const lines: LegacyJournalLine[] = [
    ...first,
    ...first.map((p) => ({ t: 'delivered', id: p.id, deliveryCount: 1 }) as const),
    { t: 'acked', id: 'job-a1' },
    { t: 'acked', id: 'job-a2' },
    { t: 'dead', id: 'job-d1', reason: 'mailbox does not exist', deadAt },
    ...later,
    { t: 'position', publisher: 'ticket-dispatcher', position: '{"commit":"41","prepare":"41"}' },
    { t: 'position', publisher: 'ticket-dispatcher', position: '{"commit":"42","prepare":"42"}' },
    { t: 'position', publisher: 'order-dispatcher', position: '7' },
  ];
  await writeLegacyJournal(dir, lines);
  const asJob = (p: (typeof later)[number]) => ({ id: p.id, kind: p.kind, payload: p.payload, dedupeId: p.dedupeId, publishedAt: new Date(p.publishedAt) });
  const d1 = first[2];
  return {
    pending: later.map(asJob),
    deadLetters: [{ job: { ...asJob(d1), deliveryCount: 1 }, reason: 'mailbox does not exist', deadAt: new Date(deadAt) }],
  };
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
    // Delivered once and retried at once, then delivered again and retried 400 ms later.
    const delivered = 2;
    const notBefore = Date.now() + 400;
    await writeLegacyJournal(oldDir, [
      { t: 'published', id: 'job-r1', kind: 'email', dedupeId: 'email-r1', payload: { id: 'r1' }, publishedAt: new Date(Date.now() - 100).toISOString() },
      { t: 'delivered', id: 'job-r1', deliveryCount: 1 },
      { t: 'retry', id: 'job-r1', notBefore: new Date(Date.now() - 50).toISOString() },
      { t: 'delivered', id: 'job-r1', deliveryCount: delivered },
      { t: 'retry', id: 'job-r1', notBefore: new Date(notBefore).toISOString() },
    ]);

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

    expect(await exists(legacyJournalFile(oldDir))).to.equal(true);
    expect(await queue.stats('email')).to.deep.equal({ depth: 1, deadLetters: 0 });
  });

  it('given no old folder, when imported, then the answer is null', async () => {
    expect(await importEmbeddedJobs(oldDir, file)).to.equal(null);
  });

  it('given a journal damaged in the middle, when imported, then it stops naming the file and the line, and imports nothing', async () => {
    await oldFolder(oldDir);
    const journal = legacyJournalFile(oldDir);
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

  it('given a journal whose last line was torn by a crash, when imported, then the whole lines count and the torn one is dropped', async () => {
    await oldFolder(oldDir);
    const journal = legacyJournalFile(oldDir);
    const torn = JSON.stringify({ t: 'published', id: 'job-t1', kind: 'email', dedupeId: 'email-t1', payload: { id: 't1' }, publishedAt: new Date().toISOString() });
    await writeFile(journal, `${await readFile(journal, 'utf8')}${torn.slice(0, 40)}`);

    expect(await importEmbeddedJobs(oldDir, file)).to.deep.equal({ jobs: 6, positions: 2 });

    const queue = await openSqlite();
    expect(await queue.stats('email')).to.deep.equal({ depth: 2, deadLetters: 1 });
    expect(await queue.publish('email', { id: 't1' }, { dedupeId: 'email-t1' }), 'the torn job was not imported').to.deep.equal({ duplicate: false });
  });
});
