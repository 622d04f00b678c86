import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '@support/adapters';
import { createTicket, OPERATOR_TOKEN, startAuditedService } from '../audit/audit-service';
import { eventually } from '../support/eventually';
import { TestService } from '../support/test-service';

const CLI = path.resolve(__dirname, '..', '..', '..', 'app', 'dist', 'verify-log.js');

const verify = (dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const env = { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', LOG_SIGNING_KEY: '' };
    execFile(process.execPath, [CLI, ...args], { env }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });

type Row = { position: number; stream_name: string; revision: number; data: string };

/** The events file of a copy of the data directory, its WAL folded in (so that the bytes on disk are the log). */
const eventsFile = (dir: string) => path.join(dir, 'events.sqlite');
const withLog = <T>(dir: string, work: (db: Database.Database) => T): T => {
  const db = new Database(eventsFile(dir));
  try {
    return work(db);
  } finally {
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
};
const rows = (dir: string): Row[] => withLog(dir, (db) => db.prepare<[], Row>('SELECT position, stream_name, revision, data FROM events ORDER BY position').all());

describe('transparency: npm run verify finds each tampering of the SQLite log, by position and stream', function () {
  this.timeout(120_000);
  let original: string;
  let keptCheckpoint: string;
  let size: number;
  let copies: string[] = [];

  /** A copy of the data directory as the stopped service left it, to tamper with. */
  const copy = (): string => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'verify-'));
    cpSync(original, dir, { recursive: true });
    copies.push(dir);
    return dir;
  };

  before(async () => {
    const svc: TestService = await startAuditedService({ env: { LOG_CHECKPOINT_MS: '100' } });
    for (const phone of ['+14155550121', '+14155550122', '+14155550123']) await createTicket(svc, phone);
    // The log grows a little after the answers (background work, a checkpoint's own event): wait until the latest
    // checkpoint holds the whole log and it stays so for a few signing intervals.
    await eventually(async () => {
      const head = Number((await svc.deps.eventStore.headPosition())?.commit) + 1;
      const latest = (await svc.api('GET', '/admin/log/checkpoint', { token: OPERATOR_TOKEN })).body;
      const settled = latest.size === head && latest.size === size;
      [size, keptCheckpoint] = [latest.size, latest.checkpoint];
      if (!settled) await new Promise((r) => setTimeout(r, 400));
      return settled;
    }, 'the last event is in a checkpoint', 15_000);
    original = svc.dataDir;
    await svc.stop({ remove: false });
  });
  after(() => {
    for (const dir of [...copies, ...(original ? [original] : [])]) rmSync(dir, { recursive: true, force: true });
    copies = [];
  });

  it('given the log as written, then it is verified up to the latest checkpoint, also against a checkpoint kept elsewhere', async () => {
    const dir = copy();
    const kept = path.join(dir, 'kept-checkpoint.txt');
    writeFileSync(kept, keptCheckpoint);
    const result = await verify(dir, '--checkpoint', kept);
    expect(result.stdout).to.match(new RegExp(`^verified ${size} events up to checkpoint ${size} \\(\\d{4}-\\d\\d-\\d\\dT[^)]+\\)\\n$`));
    expect(result.code, result.stderr).to.equal(0);
  });

  it('given one byte of an event\'s data changed in the file, then that event is named altered', async () => {
    // given: one character of the sealed personal values of the second customer's first event changed in the file
    // (wherever the file holds them: a page's earlier image may stay in free space)
    const dir = copy();
    const target = rows(dir).filter((r) => r.data.includes('"$personal"'))[1] as Row;
    const sealed = Buffer.from((JSON.parse(target.data) as { $personal: { c: string } }).$personal.c);
    const bytes = readFileSync(eventsFile(dir));
    for (let at = bytes.indexOf(sealed); at >= 0; at = bytes.indexOf(sealed, at + 1)) bytes[at + 10] = bytes[at + 10] === 0x41 ? 0x42 : 0x41;
    writeFileSync(eventsFile(dir), bytes);
    const changed = rows(dir).find((r) => r.position === target.position) as Row;
    expect(changed.data).to.not.equal(target.data);
    // when
    const result = await verify(dir);
    // then
    expect(result.stdout).to.equal(`altered: the event at position ${changed.position}/${changed.position} (stream ${changed.stream_name}, revision ${changed.revision}) is not the event that was signed\n`);
    expect(result.code, result.stderr).to.equal(1);
  });

  it('given an event deleted, then it is named missing, with the stream it left a gap in', async () => {
    const dir = copy();
    const ticket = rows(dir).find((r) => r.stream_name.startsWith('ticket-') && r.revision === 0) as Row;
    withLog(dir, (db) => db.prepare('DELETE FROM events WHERE position = ?').run(ticket.position));
    const result = await verify(dir);
    expect(result.stdout).to.equal(`missing: the event at position ${ticket.position}/${ticket.position} (stream ${ticket.stream_name}, revision 0) was removed\n`);
    expect(result.code, result.stderr).to.equal(1);
  });

  it('given two events swapped, then the first is named reordered, with the position it was signed at', async () => {
    const dir = copy();
    const [a, b] = [rows(dir)[4], rows(dir)[9]];
    withLog(dir, (db) => db.transaction(() => {
      db.prepare('UPDATE events SET position = -1 WHERE position = ?').run(a.position);
      db.prepare('UPDATE events SET position = ? WHERE position = ?').run(a.position, b.position);
      db.prepare('UPDATE events SET position = ? WHERE position = -1').run(b.position);
    })());
    const result = await verify(dir);
    expect(result.stdout).to.equal(`reordered: the event at position ${a.position}/${a.position} (stream ${b.stream_name}, revision ${b.revision}) was signed at position ${b.position}/${b.position}\n`);
    expect(result.code, result.stderr).to.equal(1);
  });

  it('given the tail truncated, then the removed events are named from the first one', async () => {
    const dir = copy();
    const cut = size - 3;
    withLog(dir, (db) => db.prepare('DELETE FROM events WHERE position >= ?').run(cut));
    const result = await verify(dir);
    // The first stored checkpoint past the cut is named (a later one may sign the echoes of that one: its event, its webhook).
    const named = new RegExp(`^missing: the log ends after ${cut} events but checkpoint (\\d+) \\([^)]+\\) signed \\1: the events from position ${cut}/${cut} on were removed\\n$`).exec(result.stdout);
    expect(named, result.stdout).to.not.equal(null);
    expect(Number(named![1])).to.be.within(cut + 1, size);
    expect(result.code, result.stderr).to.equal(1);
  });

  it('given the tail truncated and different events appended in its place, then the first of them is named altered', async () => {
    const dir = copy();
    const cut = size - 3;
    withLog(dir, (db) => db.prepare('DELETE FROM events WHERE position >= ?').run(cut));
    const log = SqliteEventStore.open({ file: eventsFile(dir) });
    await log.appendToStream('ticket-forged', [1, 2, 3, 4].map((n) => ({ id: `forged-${n}`, type: 'TicketNoted', data: { n }, metadata: { version: 1 } })), { expectedRevision: 'no_stream' });
    await log.close();
    const result = await verify(dir);
    expect(result.stdout).to.equal(`altered: the event at position ${cut}/${cut} (stream ticket-forged, revision 0) is not the event that was signed\n`);
    expect(result.code, result.stderr).to.equal(1);
  });

  it('given an event deleted and the tree and its checkpoints made anew with the same key, then the checkpoint the auditor kept still finds it', async () => {
    // given: whoever holds DATA_DIR rebuilds the tree over the changed log and signs it again
    const dir = copy();
    const kept = path.join(dir, '..', `${path.basename(dir)}-kept.txt`);
    writeFileSync(kept, keptCheckpoint);
    copies.push(kept);
    withLog(dir, (db) => db.prepare('DELETE FROM events WHERE position = 5').run());
    rmSync(path.join(dir, 'transparency.sqlite'), { force: true });
    rmSync(path.join(dir, 'transparency.sqlite-wal'), { force: true });
    rmSync(path.join(dir, 'transparency.sqlite-shm'), { force: true });
    const svc = await startAuditedService({ dataDir: dir, env: { LOG_CHECKPOINT_MS: '100' } });
    await eventually(async () => (await svc.api('GET', '/admin/log/checkpoint', { token: OPERATOR_TOKEN })).body.size === size - 1, 'the forged tree is signed');
    await svc.stop({ remove: false });
    expect((await verify(dir)).code).to.equal(0);
    // when
    const result = await verify(dir, '--checkpoint', kept);
    // then: the log falls short of the kept checkpoint, or (the forged tree's own checkpoint events having grown it past the kept size) differs from it
    expect(result.stdout).to.match(new RegExp(`^(missing: the log ends after ${size - 1} events but checkpoint ${size} \\([^)]+\\) signed ${size}|altered: the log's first ${size} events .*)\\n$`));
    expect(result.code, result.stderr).to.equal(1);
  });
});
