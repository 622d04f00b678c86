import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { deltaFile, EmbeddedEventStore, EmbeddedReadStore } from '@support/adapters';
import { keepReadModelSnapshots, readModelSnapshotFile, restoreReadModels } from '@support/app';
import { silentLogger } from '../support/test-service';

/** The snapshot chain: a full snapshot, then deltas of what changed, restored in order after a kill. */
describe('embedded read models: snapshot deltas', () => {
  let dataDir: string;
  let events: EmbeddedEventStore;
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'support-deltas-'));
    events = await EmbeddedEventStore.open({ dir: path.join(dataDir, 'events') });
    await events.appendToStream('ticket-1', [{ id: randomUUID(), type: 'Noted', data: {}, metadata: { version: 1 } }], { expectedRevision: 'any' });
  });
  afterEach(async () => {
    await events.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const docsOf = async (store: EmbeddedReadStore) => store.collection('tickets').find({}, { sort: { _id: 1 } }).toArray();
  const write = async (store: EmbeddedReadStore, from: number, to: number) => {
    for (let i = from; i < to; i++) await store.collection('tickets').updateOne({ _id: `t${String(i).padStart(3, '0')}` }, { $set: { status: i % 2 ? 'open' : 'resolved', n: i } }, { upsert: true });
  };

  it('given a full snapshot and two deltas (inserts, updates, deletes, a new index), when restored into a new store, then it equals the live one and its indexes answer', async () => {
    const live = new EmbeddedReadStore();
    await live.collection('tickets').createIndexes([{ key: { status: 1, n: -1 }, name: 'status_n' }]);
    const keeper = keepReadModelSnapshots(live, events, dataDir, silentLogger);
    await write(live, 0, 50);
    await keeper.takeSnapshot();
    await write(live, 40, 70);
    await live.collection('tickets').deleteMany({ _id: { $in: ['t003', 't045'] } });
    await keeper.takeDelta();
    await write(live, 65, 80);
    await live.collection('tickets').createIndexes([{ key: { n: 1 }, name: 'n' }]);
    await live.collection('tickets').deleteMany({ _id: 't066' });
    await keeper.takeDelta();
    await keeper.stop();
    expect(readdirSync(path.dirname(readModelSnapshotFile(dataDir))).filter((f) => f.includes('.delta-'))).to.have.length(2);

    const restored = new EmbeddedReadStore();
    expect(await restoreReadModels(restored, events, dataDir, silentLogger)).to.include({ seq: 2 });
    expect(await docsOf(restored)).to.deep.equal(await docsOf(live));
    const byIndex = (store: EmbeddedReadStore) => store.collection('tickets').find({ status: 'open', n: { $gte: 60 } }, { sort: { n: -1 }, limit: 5 }).toArray();
    expect(await byIndex(restored)).to.deep.equal(await byIndex(live));
    expect(await restored.collection('tickets').countDocuments({ n: { $lt: 10 } })).to.equal(await live.collection('tickets').countDocuments({ n: { $lt: 10 } }));
  });

  it('given a full snapshot and deltas after it, when they are written, then the log\'s first event is read once (it never changes) and every file names it and the head at its time', async () => {
    // given
    const live = new EmbeddedReadStore();
    let readsFromStart = 0;
    const counting = Object.create(events) as EmbeddedEventStore;
    counting.subscribeToAll = (options) => {
      if (options?.fromPosition === 'start') readsFromStart++;
      return events.subscribeToAll(options);
    };
    const keeper = keepReadModelSnapshots(live, counting, dataDir, silentLogger);
    // when
    await write(live, 0, 10);
    await keeper.takeSnapshot();
    for (let i = 1; i <= 3; i++) {
      await events.appendToStream(`ticket-${i + 1}`, [{ id: randomUUID(), type: 'Noted', data: {}, metadata: { version: 1 } }], { expectedRevision: 'any' });
      await write(live, 10 * i, 10 * i + 10);
      await keeper.takeDelta();
    }
    await keeper.stop();
    // then
    expect(readsFromStart).to.equal(1);
    let first = '';
    for await (const event of events.readStream('ticket-1')) {
      first = event.id;
      break;
    }
    const headers = [readModelSnapshotFile(dataDir), ...[1, 2, 3].map((n) => deltaFile(readModelSnapshotFile(dataDir), n))]
      .map((file) => (JSON.parse(readFileSync(file, 'utf8').split('\n')[0]) as { header: { log: { firstEventId: string; head: string } } }).header.log);
    expect(headers.map((log) => log.firstEventId)).to.deep.equal(Array(4).fill(first));
    expect(headers.map((log) => log.head)).to.deep.equal(['0/0', '1/1', '2/2', '3/3']);
  });

  it('given a damaged last delta, when restored, then the chain stops before it (the log replays the rest); a full snapshot then starts a new chain', async () => {
    const live = new EmbeddedReadStore();
    const keeper = keepReadModelSnapshots(live, events, dataDir, silentLogger);
    await write(live, 0, 10);
    await keeper.takeSnapshot();
    await write(live, 10, 20);
    await keeper.takeDelta();
    const afterFirst = await docsOf(live);
    await write(live, 20, 30);
    await keeper.takeDelta();
    await write(live, 30, 40);
    await keeper.takeDelta();
    truncateSync(deltaFile(readModelSnapshotFile(dataDir), 2), 40);
    const restored = new EmbeddedReadStore();
    expect(await restoreReadModels(restored, events, dataDir, silentLogger)).to.include({ seq: 1 });
    expect(await docsOf(restored)).to.deep.equal(afterFirst);
    // and delta 3, after the break, is gone: a later chain could otherwise apply it out of order
    expect(existsSync(deltaFile(readModelSnapshotFile(dataDir), 3))).to.equal(false);

    await keeper.takeSnapshot();
    await keeper.stop();
    expect(readdirSync(path.dirname(readModelSnapshotFile(dataDir))).filter((f) => f.includes('.delta-'))).to.deep.equal([]);
    const again = new EmbeddedReadStore();
    expect(await restoreReadModels(again, events, dataDir, silentLogger)).to.include({ seq: 0 });
    expect(await docsOf(again)).to.deep.equal(await docsOf(live));
  });

  it('given a delta whose write fails, when the next delta is written, then it still holds the changes of the failed one', async () => {
    const live = new EmbeddedReadStore();
    const keeper = keepReadModelSnapshots(live, events, dataDir, silentLogger);
    await write(live, 0, 5);
    await keeper.takeSnapshot();
    await write(live, 5, 10);
    const captured = live.captureChanges();
    // a failed write forgets nothing: the changes stay noted
    expect(live.unsaved.writes).to.equal(5);
    await write(live, 10, 12);
    await keeper.takeDelta();
    await keeper.stop();
    void captured;
    const restored = new EmbeddedReadStore();
    await restoreReadModels(restored, events, dataDir, silentLogger);
    expect(await docsOf(restored)).to.deep.equal(await docsOf(live));
  });

  it('given a delta taken while a full snapshot is being written, when the process dies before the snapshot lands, then the old chain with that delta restores the live store', async () => {
    const live = new EmbeddedReadStore();
    const keeper = keepReadModelSnapshots(live, events, dataDir, silentLogger);
    await write(live, 0, 20);
    await keeper.takeSnapshot();
    await write(live, 20, 30);
    await keeper.takeDelta();
    const file = readModelSnapshotFile(dataDir);
    const before = { snapshot: readFileSync(file), delta1: readFileSync(deltaFile(file, 1)) };
    await write(live, 30, 40);
    const full = keeper.takeSnapshot();
    await write(live, 38, 45);
    await keeper.takeDelta();
    const delta2 = readFileSync(deltaFile(file, 2));
    await full;
    await keeper.stop();
    // the files as a kill before the full snapshot's rename leaves them: the old snapshot, delta 1 and the delta written meanwhile
    rmSync(path.dirname(file), { recursive: true, force: true });
    mkdirSync(path.dirname(file));
    writeFileSync(file, before.snapshot);
    writeFileSync(deltaFile(file, 1), before.delta1);
    writeFileSync(deltaFile(file, 2), delta2);
    const restored = new EmbeddedReadStore();
    expect(await restoreReadModels(restored, events, dataDir, silentLogger)).to.include({ seq: 2 });
    expect(await docsOf(restored)).to.deep.equal(await docsOf(live));
  });

  it('given a delta taken while a full snapshot is being written, when the snapshot lands and the next delta follows it, then that delta still holds what changed after the snapshot was captured', async () => {
    const live = new EmbeddedReadStore();
    const keeper = keepReadModelSnapshots(live, events, dataDir, silentLogger);
    await write(live, 0, 20);
    await keeper.takeSnapshot();
    await write(live, 20, 30);
    const full = keeper.takeSnapshot();
    await write(live, 25, 40);
    await live.collection('tickets').deleteMany({ _id: 't021' });
    await keeper.takeDelta();
    await full;
    await write(live, 40, 42);
    await keeper.takeDelta();
    await keeper.stop();
    const restored = new EmbeddedReadStore();
    expect(await restoreReadModels(restored, events, dataDir, silentLogger)).to.include({ seq: 1 });
    expect(await docsOf(restored)).to.deep.equal(await docsOf(live));
  });
});
