import { join } from 'node:path';
import { expect } from 'chai';
import canonicalize from 'canonicalize';
import Database from 'better-sqlite3';
import { logLeaves, SqliteEventStore, SqliteTreeStore } from '@support/adapters';
import { comparePositions, EventStore, positionToString, RecordedEvent } from '@support/domain';
import { eventRecord, Frontier, hashLeaf, LogLeaf } from '@support/event-sourcing';
import { treeFollower } from '@support/projectors';
import { makeTempDir } from '../event-store/sqlite-engine';
import { eventually } from '../support/eventually';
import { silentLogger } from '../support/test-service';

/** The leaf hash of an event as an auditor computes it from the feed's JSON line: canonicalize (RFC 8785), UTF-8, RFC 9162's leaf hash. */
const auditorLeafHash = (e: RecordedEvent) => hashLeaf(Buffer.from(canonicalize(JSON.parse(JSON.stringify(eventRecord(e)))) as string, 'utf8'));

const INSERT_ROW = 'INSERT INTO events (position, stream_name, revision, event_id, type, data, metadata, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';

/** A log as an earlier version wrote it: `count` events whose data and metadata are JSON.stringify's text (keys in their order, not sorted). */
const earlierLog = async (file: string, count: number): Promise<void> => {
  await SqliteEventStore.open({ file }).close();
  const db = new Database(file);
  db.exec('DROP TABLE log_format');
  const insert = db.prepare(INSERT_ROW);
  for (let i = 0; i < count; i++) {
    const data = { note: `note ${i} ☕`, amount: i / 8, customer: { name: 'Kim Lee', email: 'kim@example.com' } };
    insert.run(i, `ticket-${i % 5}`, Math.floor(i / 5), `old-${i}`, 'TicketNoted', JSON.stringify(data), JSON.stringify({ version: 1, accountId: 'acme' }), 1.7e12 + i);
  }
  db.close();
};

const appendEvents = async (log: EventStore, from: number, count: number): Promise<void> => {
  for (let i = from; i < from + count; i++) {
    await log.appendToStream(`ticket-${i % 5}`, [{ id: `e-${i}`, type: 'TicketNoted', data: { n: i, note: `note ${i}`, amount: i / 8 }, metadata: { version: 1, accountId: 'acme' } }], { expectedRevision: 'any' });
  }
};

/** The whole log up to its head, through the port. */
const readAll = async (log: EventStore): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  const head = await log.headPosition();
  if (head === null) return events;
  for await (const event of log.subscribeToAll({ fromPosition: 'start' })) {
    events.push(event);
    if (comparePositions(event.position, head) >= 0) break;
  }
  return events;
};

describe('transparency: the embedded log stores canonical text, and the tree\'s leaves are written from it', function () {
  this.timeout(60_000);
  let temp: { dir: string; remove(): Promise<void> };
  let file: string;
  let treeFile: string;
  beforeEach(async () => {
    temp = await makeTempDir();
    file = join(temp.dir, 'events.sqlite');
    treeFile = join(temp.dir, 'transparency.sqlite');
  });
  afterEach(async () => temp.remove());

  /** Runs the follower until the tree holds the whole log; answers the log's events. */
  const follow = async (log: EventStore): Promise<RecordedEvent[]> => {
    const events = await readAll(log);
    const tree = SqliteTreeStore.open(treeFile);
    const follower = treeFollower(tree, log, silentLogger);
    await follower.group.start();
    await eventually(() => tree.state().size === events.length, `the tree has ${events.length} leaves`, 30_000);
    await follower.group.stop();
    await tree.close();
    return events;
  };

  it('given an event appended with its keys in any order, then its data and metadata are stored as RFC 8785 text, and read back as they were', async () => {
    // given
    const log = SqliteEventStore.open({ file });
    const data = { z: 1e21, b: { y: 'Tasse cassée', x: [0.5, -0, 'x'] }, a: null };
    await log.appendToStream('ticket-1', [{ id: 'e-1', type: 'TicketNoted', data, metadata: { version: 1, accountId: 'acme' } }], { expectedRevision: 'no_stream' });
    // when
    const [event] = await readAll(log);
    await log.close();
    const db = new Database(file, { readonly: true });
    const row = db.prepare<[], { data: string; metadata: string }>('SELECT data, metadata FROM events').get();
    db.close();
    // then
    expect(row).to.deep.equal({ data: canonicalize(data), metadata: '{"accountId":"acme","version":1}' });
    expect(row?.data).to.equal('{"a":null,"b":{"x":[0.5,0,"x"],"y":"Tasse cassée"},"z":1e+21}');
    expect(event.data).to.deep.equal({ a: null, b: { x: [0.5, 0, 'x'], y: 'Tasse cassée' }, z: 1e21 });
  });

  it('given an event carrying a value JSON cannot hold (a bigint, NaN), when it is appended, then the append fails and nothing is written', async () => {
    // given
    const log = SqliteEventStore.open({ file });
    // when
    const appended = await Promise.allSettled([{ amount: 10n }, { amount: NaN }].map((data, i) =>
      log.appendToStream(`ticket-${i}`, [{ id: `e-${i}`, type: 'TicketNoted', data: data as never, metadata: { version: 1, accountId: 'acme' } }], { expectedRevision: 'no_stream' })));
    // then
    expect(appended.map((a) => a.status)).to.deep.equal(['rejected', 'rejected']);
    expect(await log.headPosition()).to.equal(null);
    await log.close();
  });

  it('given a log an earlier version wrote (keys not sorted) and events appended since, when the follower builds the tree, then it is the tree of the leaves an auditor computes', async () => {
    // given
    await earlierLog(file, 40);
    const log = SqliteEventStore.open({ file });
    await appendEvents(log, 40, 40);
    // when
    const events = await follow(log);
    // then
    expect(events).to.have.length(80);
    const expected = Frontier.empty();
    events.forEach((e) => expected.append(auditorLeafHash(e)));
    const tree = SqliteTreeStore.open(treeFile, { readonly: true });
    expect(Frontier.of(80, tree.state().frontier).root().toString('hex')).to.equal(expected.root().toString('hex'));
    expect([...tree.leaves()].map((l) => l.hash.toString('hex'))).to.deep.equal(events.map((e) => auditorLeafHash(e).toString('hex')));
    await tree.close();
    await log.close();
  });

  it('given the tree\'s stored leaves, an earlier version\'s events and two events altered since, when the threads recompute the leaves, then each is the auditor\'s leaf of what the file holds', async () => {
    // given: 30 events of an earlier version, 30 since, the tree over all 60, then one of each altered in the file
    await earlierLog(file, 30);
    const log = SqliteEventStore.open({ file });
    await appendEvents(log, 30, 30);
    await follow(log);
    await log.close();
    const db = new Database(file);
    db.prepare('UPDATE events SET data = ? WHERE position = 7').run('{"amount":1,"note":"changed"}');
    db.prepare('UPDATE events SET data = ? WHERE position = 45').run('{"amount":1,"n":45,"note":"changed"}');
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const reopened = SqliteEventStore.open({ file });
    const expected = (await readAll(reopened)).map((e) => ({ position: positionToString(e.position), hash: auditorLeafHash(e).toString('hex') }));
    await reopened.close();
    // when
    const chunks: (readonly LogLeaf[])[] = [];
    for await (const chunk of logLeaves(file, { treeFile, threads: 2, chunkPositions: 8 })) chunks.push(chunk);
    // then
    const leaves = chunks.flat().map((leaf) => ({ position: positionToString(leaf.position), hash: leaf.hash.toString('hex') }));
    expect(leaves).to.deep.equal(expected);
    const tree = SqliteTreeStore.open(treeFile, { readonly: true });
    const stored = [...tree.leaves()].map((l) => l.hash.toString('hex'));
    await tree.close();
    expect(leaves.filter((leaf, i) => leaf.hash !== stored[i]).map((l) => l.position)).to.deep.equal(['7/7', '45/45']);
  });
});
