import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { expect } from 'chai';
import Database from 'better-sqlite3';
import { SqliteEventStore, SqliteTreeStore } from '@support/adapters';
import { EventStoreDbEventStore } from '@support/adapters/dist/distributed';
import { EventStore, RecordedEvent } from '@support/domain';
import { Frontier, Hash, hashLeaf, inclusionProof, signCheckpoint } from '@support/event-sourcing';
import { treeFollower } from '@support/projectors';
import { makeTempDir } from '../event-store/sqlite-engine';
import { eventually } from '../support/eventually';
import { silentLogger } from '../support/test-service';
import { auditorLeaf, ed25519, readAll, sigstoreAuthority, sigstoreVerifyInclusion } from './tree-fixtures';

const ORIGIN = 'support.example/log';

/** Stream names of their own per run, so that the tests hold on a shared EventStoreDB server too. */
const appendEvents = async (store: EventStore, run: string, from: number, count: number): Promise<void> => {
  for (let i = from; i < from + count; i++) {
    await store.appendToStream(`ticket-${run}-${i % 7}`, [{ id: `e-${i}`, type: 'TicketNoted', data: { n: i, note: `note ${i}`, amount: i / 8 }, metadata: { version: 1, accountId: 'acme' } }], { expectedRevision: 'any' });
  }
};

interface LogUnderTest {
  readonly log: EventStore;
  close(): Promise<void>;
}

/** The follower over the EventStore port, run over each engine (the same code follows SQLite and EventStoreDB's $all). */
const treeFollowerContract = (engine: string, open: () => Promise<LogUnderTest>) => describe(`transparency: the tree follows the log (${engine})`, function () {
  this.timeout(60_000);
  let temp: { dir: string; remove(): Promise<void> };
  let log: EventStore;
  let close: () => Promise<void>;
  const run = Math.random().toString(36).slice(2, 8);

  beforeEach(async () => {
    temp = await makeTempDir();
    ({ log, close } = await open());
  });
  afterEach(async () => {
    await close();
    await temp.remove();
  });

  /** Runs the follower until the tree holds the whole log. */
  const follow = async (tree: SqliteTreeStore): Promise<RecordedEvent[]> => {
    const events = await readAll(log);
    const follower = treeFollower(tree, log, silentLogger);
    await follower.group.start();
    await eventually(() => tree.state().size === events.length, `the tree has ${events.length} leaves`, 30_000);
    await follower.group.stop();
    return events;
  };

  it('given events appended, then each event is the next leaf, and every inclusion proof verifies with sigstore\'s verifier against the leaf an auditor computes', async () => {
    // given
    await appendEvents(log, run, 0, 100);
    const tree = SqliteTreeStore.open(join(temp.dir, 'transparency.sqlite'));
    // when
    const events = await follow(tree);
    // then
    const size = events.length;
    const leaves = events.map(auditorLeaf);
    const { privateKey, publicKey } = ed25519();
    const expected = Frontier.empty();
    leaves.forEach((leaf) => expected.append(hashLeaf(leaf)));
    const root = Frontier.of(size, tree.state().frontier).root();
    expect(root.equals(expected.root())).to.equal(true);
    const note = signCheckpoint({ origin: ORIGIN, size, root, time: new Date() }, privateKey);
    const authority = sigstoreAuthority(ORIGIN, publicKey);
    // The last 100 leaves (on a shared server, the log holds more than this test's events).
    events.slice(-100).forEach((event, i) => {
      const index = size - Math.min(size, 100) + i;
      expect(tree.leafIndexOf(event.position)).to.equal(index);
      const proof = inclusionProof(index, size, tree.node) as Hash[];
      expect(() => sigstoreVerifyInclusion(authority, leaves[index], index, size, proof, note), `event ${index}`).not.to.throw();
    });
    const last = events[events.length - 1].position;
    expect(tree.leafIndexOf({ commit: last.commit + 1n, prepare: last.prepare + 1n }), 'a position past the log').to.equal(null);
    await tree.close();
  });

  it('given the follower stopped and the log grown meanwhile, when it starts again, then it goes on from its last leaf to the same tree as one built at once', async () => {
    // given
    await appendEvents(log, run, 100, 37);
    const first = SqliteTreeStore.open(join(temp.dir, 'transparency.sqlite'));
    await follow(first);
    await first.close();
    await appendEvents(log, run, 137, 60);
    // when
    const again = SqliteTreeStore.open(join(temp.dir, 'transparency.sqlite'));
    const events = await follow(again);
    // then
    const fresh = SqliteTreeStore.open(join(temp.dir, 'fresh.sqlite'));
    await follow(fresh);
    const size = events.length;
    expect(Frontier.of(size, again.state().frontier).root().equals(Frontier.of(size, fresh.state().frontier).root())).to.equal(true);
    expect(again.state().lastPosition).to.deep.equal(fresh.state().lastPosition);
    await again.close();
    await fresh.close();
  });
});

treeFollowerContract('SqliteEventStore', async () => {
  const dir = await makeTempDir();
  const log = SqliteEventStore.open({ file: join(dir.dir, 'events.sqlite') });
  return { log, close: async () => { await log.close(); await dir.remove(); } };
});

describe('on EventStoreDB (runs only when EVENTSTORE_URL is set)', () => {
  before(function () {
    if (!process.env.EVENTSTORE_URL) this.skip();
  });
  treeFollowerContract('EventStoreDbEventStore', async () => {
    const log = EventStoreDbEventStore.connect(process.env.EVENTSTORE_URL as string);
    return { log, close: () => log.close() };
  });
});

describe('transparency: the tree\'s storage beside the SQLite log', () => {
  let temp: { dir: string; remove(): Promise<void> };
  let log: SqliteEventStore;

  beforeEach(async () => {
    temp = await makeTempDir();
    log = SqliteEventStore.open({ file: join(temp.dir, 'events.sqlite') });
  });
  afterEach(async () => {
    await log.close();
    await temp.remove();
  });

  const follow = async (tree: SqliteTreeStore, size: number) => {
    const follower = treeFollower(tree, log, silentLogger);
    await follower.group.start();
    await eventually(() => tree.state().size === size, `the tree has ${size} leaves`);
    await follower.group.stop();
  };

  it('given 4,096 events, then the tree adds at most 100 bytes per event to the disk', async function () {
    this.timeout(60_000);
    // given: the events in one stream per 64, appended 64 at a time
    for (let batch = 0; batch < 64; batch++) {
      const events = Array.from({ length: 64 }, (_, i) => ({ id: `e-${batch}-${i}`, type: 'TicketNoted', data: { i }, metadata: { version: 1 } }));
      await log.appendToStream(`ticket-${batch}`, events, { expectedRevision: 'no_stream' });
    }
    const file = join(temp.dir, 'transparency.sqlite');
    const tree = SqliteTreeStore.open(file);
    // when
    await follow(tree, 4096);
    await tree.close();
    // then
    const db = new Database(file);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
    db.close();
    if (process.env.TREE_BYTES_SHOW) console.log(`tree bytes per event: ${(bytes / 4096).toFixed(1)}`);
    expect(bytes / 4096).to.be.at.most(100);
  });
});

describe('transparency: two followers of one tree file (two projectors processes)', () => {
  it('given two followers writing the same tree, then each event is one leaf, whichever adds it', async () => {
    // given
    const temp = await makeTempDir();
    const log = SqliteEventStore.open({ file: join(temp.dir, 'events.sqlite') });
    await appendEvents(log, 'two', 0, 300);
    const [a, b] = [SqliteTreeStore.open(join(temp.dir, 'transparency.sqlite')), SqliteTreeStore.open(join(temp.dir, 'transparency.sqlite'))];
    const followers = [treeFollower(a, log, silentLogger), treeFollower(b, log, silentLogger)];
    // when
    await Promise.all(followers.map((f) => f.group.start()));
    await appendEvents(log, 'two', 300, 50);
    await eventually(() => a.state().size >= 350, 'the tree has every event', 20_000);
    await Promise.all(followers.map((f) => f.group.stop()));
    // then
    const events = await readAll(log);
    const expected = Frontier.empty();
    events.forEach((e) => expected.append(hashLeaf(auditorLeaf(e))));
    expect(a.state().size).to.equal(350);
    expect(Frontier.of(350, a.state().frontier).root().equals(expected.root())).to.equal(true);
    await a.close();
    await b.close();
    await log.close();
    await temp.remove();
  });
});

describe('transparency: a follower catching up with a long log', () => {
  it('given 30,000 events and no tree yet, when the follower catches up, then the event loop is never held for long', async function () {
    this.timeout(120_000);
    // given: the events written straight into the file (as a log of an earlier version would be)
    const temp = await makeTempDir();
    const file = join(temp.dir, 'events.sqlite');
    await SqliteEventStore.open({ file }).close();
    const db = new Database(file);
    const insert = db.prepare('INSERT INTO events (position, stream_name, revision, event_id, type, data, metadata, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    const body = JSON.stringify({ summary: 'The order arrived late and the customer wrote again about the delivery window. '.repeat(3), customer: { name: 'Kim Lee', email: 'kim@example.com' } });
    db.transaction(() => {
      for (let i = 0; i < 30_000; i++) insert.run(i, `ticket-${i >> 3}`, i & 7, `e-${i}`, 'TicketNoted', body, '{"version":1}', 1.7e12 + i);
    })();
    db.close();
    const log = SqliteEventStore.open({ file });
    const tree = SqliteTreeStore.open(join(temp.dir, 'transparency.sqlite'));
    // when: the longest wait of a timer that should fire every 5 ms
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const follower = treeFollower(tree, log, silentLogger);
    await follower.group.start();
    await eventually(() => tree.state().size === 30_000, 'the tree has caught up', 100_000);
    clearInterval(ticker);
    await follower.group.stop();
    // then: a batch of 10,000 hashed at once held it for about 400 ms
    expect(longest).to.be.below(150);
    await tree.close();
    await log.close();
    await temp.remove();
  });
});
