import { join } from 'node:path';
import { expect } from 'chai';
import { MongoTreeStore, silentLogger, SqliteEventStore } from '@support/adapters';
import { EventStore } from '@support/domain';
import { Frontier, Hash, hashLeaf, inclusionProof, signCheckpoint } from '@support/event-sourcing';
import { signNewHead, treeFollower } from '@support/projectors';
import { MingoDb } from '../contracts/mingo-db';
import { makeTempDir } from '../event-store/sqlite-engine';
import { eventually } from '../support/eventually';
import { auditorLeaf, ed25519, readAll, sigstoreAuthority, sigstoreVerifyInclusion } from './tree-fixtures';

const ORIGIN = 'support.example/log';

const appendEvents = async (store: EventStore, from: number, count: number): Promise<void> => {
  for (let i = from; i < from + count; i++) {
    await store.appendToStream(`ticket-t${i % 5}`, [{ id: `e-${i}`, type: 'TicketNoted', data: { n: i }, metadata: { version: 1, accountId: 'acme' } }], { expectedRevision: 'any' });
  }
};

/**
 * The follower and the signer over the MongoDB tree (its code over a mingo stand-in for the driver):
 * the tree in the database is the one every process proves from, written by one follower at a time.
 */
describe('transparency: the tree on MongoDB, followed by the projectors and read by every process (a mingo stand-in for the server)', function () {
  this.timeout(30_000);
  let temp: { dir: string; remove(): Promise<void> };
  let log: SqliteEventStore;
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    temp = await makeTempDir();
    log = SqliteEventStore.open({ file: join(temp.dir, 'events.sqlite') });
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await log.close();
    await temp.remove();
  });

  const opened = async (db: MingoDb, refreshEveryMs = 0): Promise<MongoTreeStore> => {
    const store = await MongoTreeStore.open(db.db, { refreshEveryMs });
    closers.push(() => store.close());
    return store;
  };

  it('given two projectors processes following the log into one database, then the tree is the auditor\'s, each leaf written once in order, and a proof route\'s process proves from it under a checkpoint either signed', async () => {
    // given
    await appendEvents(log, 0, 60);
    const db = new MingoDb();
    const [first, second] = [await opened(db), await opened(db)];
    const reader = await opened(db, 20);
    const followers = [treeFollower(first, log, silentLogger), treeFollower(second, log, silentLogger)];
    // when
    await Promise.all(followers.map((f) => f.group.start()));
    await appendEvents(log, 60, 40);
    const events = await readAll(log);
    await eventually(() => first.state().size === events.length || second.state().size === events.length, 'a follower holds the whole log', 20_000);
    await Promise.all(followers.map((f) => f.group.stop()));
    const { privateKey, publicKey } = ed25519();
    const clock = { now: () => new Date() };
    const signed = (await signNewHead({ store: first, key: privateKey, origin: ORIGIN, clock })) ?? (await signNewHead({ store: second, key: privateKey, origin: ORIGIN, clock }));
    // then
    const leaves = events.map(auditorLeaf);
    const expected = Frontier.empty();
    leaves.forEach((leaf) => expected.append(hashLeaf(leaf)));
    expect(signed?.size).to.equal(events.length);
    await eventually(() => reader.latestCheckpoint()?.size === events.length, 'the reader holds the tree and its checkpoint');
    const size = reader.state().size;
    expect(size).to.equal(events.length);
    expect(Frontier.of(size, reader.state().frontier).root().equals(expected.root())).to.equal(true);
    const stored = db.collection('transparency_leaves').find({}, { sort: { _id: 1 } });
    expect((await stored.toArray()).map((d) => d._id)).to.deep.equal(events.map((_, i) => i));
    const authority = sigstoreAuthority(ORIGIN, publicKey);
    const note = reader.latestCheckpoint()?.note as string;
    events.forEach((event, index) => {
      expect(reader.leafIndexOf(event.position)).to.equal(index);
      const proof = inclusionProof(index, size, reader.node) as Hash[];
      expect(() => sigstoreVerifyInclusion(authority, leaves[index], index, size, proof, note), `event ${index}`).not.to.throw();
    });
    expect(() => sigstoreVerifyInclusion(authority, leaves[3], 3, size, inclusionProof(4, size, reader.node) as Hash[], note)).to.throw();
  });

  it('given the projectors restarted on a grown log, then the follower goes on from the tree in the database to the tree one follower builds at once', async () => {
    // given
    await appendEvents(log, 0, 37);
    const db = new MingoDb();
    const before = await opened(db);
    const follower = treeFollower(before, log, silentLogger);
    await follower.group.start();
    await eventually(() => before.state().size === 37, 'the tree holds 37 leaves');
    await follower.group.stop();
    await appendEvents(log, 37, 25);
    // when
    const after = await opened(db);
    expect(after.state().size, 'the restarted process copies the tree at open').to.equal(37);
    const again = treeFollower(after, log, silentLogger);
    await again.group.start();
    await eventually(() => after.state().size === 62, 'the tree holds 62 leaves');
    await again.group.stop();
    // then
    const leaves = (await readAll(log)).map(auditorLeaf);
    const expected = Frontier.empty();
    leaves.forEach((leaf) => expected.append(hashLeaf(leaf)));
    expect(Frontier.of(62, after.state().frontier).root().equals(expected.root())).to.equal(true);
    const { privateKey } = ed25519();
    const note = signCheckpoint({ origin: ORIGIN, size: 62, root: expected.root(), time: new Date() }, privateKey);
    expect(await after.saveCheckpoint({ size: 62, time: new Date(), note })).to.equal(true);
  });
});
