import { expect } from 'chai';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRight } from 'fp-ts/Either';
import { importEmbeddedLog, SqliteEventStore } from '@support/adapters';
import type { AllSubscription, EventStore, RecordedEvent } from '@support/domain';
import { writeLegacyEventLog } from '../support/legacy-event-log';
import { makeTempDir } from './sqlite-engine';
import { collect, ids, iterate, newEvent, nextEvents, uniqueName } from './events';

/** A clock a millisecond further on at every reading, so each append has its own `created`. */
const ticking = (): (() => Date) => {
  let now = Date.parse('2024-05-01T10:00:00.000Z');
  return () => new Date((now += 1));
};

/** The streams of the old log and what was appended to them, in order (stream, count). */
const APPENDS: readonly (readonly [string, number])[] = [
  ['tickets-1', 3],
  ['customers-1', 1],
  ['tickets-2', 2],
  ['tickets-1', 2],
  ['orders-1', 4],
  ['customers-1', 1],
  ['tickets-2', 1],
];
const TOTAL = APPENDS.reduce((sum, [, count]) => sum + count, 0);

/** Writes APPENDS (streams under `prefix`) as the log of an old data folder `dir`; answers every event of the log, in order. */
async function makeEmbeddedLog(dir: string, prefix: string): Promise<RecordedEvent[]> {
  const appends = APPENDS.map(([stream, count]) => ({
    streamName: `${prefix}-${stream}`,
    events: Array.from({ length: count }, (_, i) =>
      newEvent(`${stream.split('-')[0]}Noted`, { stream, i, nested: { text: 'é ✓', list: [1, null, true] } }),
    ),
  }));
  return writeLegacyEventLog(dir, appends, ticking());
}

async function allEvents(store: EventStore, count: number, fromPosition: Parameters<EventStore['subscribeToAll']>[0] = {}): Promise<RecordedEvent[]> {
  const subscription = store.subscribeToAll(fromPosition);
  try {
    return await nextEvents(iterate(subscription), count);
  } finally {
    await subscription.unsubscribe();
  }
}

/** Where each record of an embedded log starts: u32 length, u32 checksum, payload (record-frame.ts). */
async function recordOffsets(logFile: string): Promise<number[]> {
  const bytes = await readFile(logFile);
  const offsets: number[] = [];
  for (let offset = 0; offset < bytes.length; offset += 8 + bytes.readUInt32LE(offset)) offsets.push(offset);
  return offsets;
}

const exists = (path: string): Promise<boolean> => stat(path).then(() => true, () => false);

describe('importEmbeddedLog', () => {
  let root: string;
  let remove: () => Promise<void>;
  let oldDir: string;
  let file: string;
  const open: SqliteEventStore[] = [];
  const subscriptions: AllSubscription[] = [];

  const openSqlite = (): SqliteEventStore => {
    const store = SqliteEventStore.open({ file });
    open.push(store);
    return store;
  };

  beforeEach(async () => {
    const temp = await makeTempDir();
    root = temp.dir;
    remove = temp.remove;
    oldDir = join(root, 'events');
    file = join(root, 'events.sqlite');
  });

  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((s) => s.unsubscribe()));
    await Promise.all(open.splice(0).map((s) => s.close()));
    await remove();
  });

  it('given an embedded log, when imported, then every event is in SQLite with its stream, revision, position, id, type, data, metadata and time', async () => {
    const prefix = uniqueName('import');
    const old = await makeEmbeddedLog(oldDir, prefix);
    expect(old.map((e) => e.position.commit)).to.deep.equal(Array.from({ length: TOTAL }, (_, i) => BigInt(i)));

    expect(await importEmbeddedLog(oldDir, file)).to.deep.equal({ events: TOTAL });

    const store = openSqlite();
    expect(await allEvents(store, TOTAL, { fromPosition: 'start' })).to.deep.equal(old);
    expect(await store.headPosition()).to.deep.equal({ commit: BigInt(TOTAL - 1), prepare: BigInt(TOTAL - 1) });
    for (const name of new Set(old.map((e) => e.streamName))) {
      expect(await collect(store.readStream(name))).to.deep.equal(old.filter((e) => e.streamName === name));
      expect(await collect(store.readStream(name, { direction: 'backwards', maxCount: 1 }))).to.deep.equal(
        old.filter((e) => e.streamName === name).slice(-1),
      );
    }
  });

  it('given an imported log, when an event is appended, then it comes after the last imported position and continues its stream', async () => {
    const prefix = uniqueName('import');
    const old = await makeEmbeddedLog(oldDir, prefix);
    await importEmbeddedLog(oldDir, file);
    const store = openSqlite();
    const stream = `${prefix}-tickets-2`;
    const lastRevision = old.filter((e) => e.streamName === stream).length - 1;

    const appended = newEvent();
    const result = await store.appendToStream(stream, [appended], { expectedRevision: BigInt(lastRevision) });

    expect(isRight(result) && result.right).to.deep.equal({
      nextExpectedRevision: BigInt(lastRevision + 1),
      position: { commit: BigInt(TOTAL), prepare: BigInt(TOTAL) },
    });
    const stale = await store.appendToStream(stream, [newEvent()], { expectedRevision: BigInt(lastRevision) });
    expect(isRight(stale)).to.equal(false);
    const [read] = await collect(store.readStream(stream, { direction: 'backwards', maxCount: 1 }));
    expect([read.id, read.revision, read.position.commit]).to.deep.equal([appended.id, BigInt(lastRevision + 1), BigInt(TOTAL)]);
  });

  it('given a checkpoint at an old position, when a subscription starts from it after the import, then it yields exactly the events after it', async () => {
    const prefix = uniqueName('import');
    const old = await makeEmbeddedLog(oldDir, prefix);
    await importEmbeddedLog(oldDir, file);
    const store = openSqlite();
    const appended = newEvent();
    await store.appendToStream(`${prefix}-new`, [appended], { expectedRevision: 'no_stream' });

    for (const checkpoint of [0, 4, TOTAL - 1]) {
      const subscription = store.subscribeToAll({ fromPosition: { commit: BigInt(checkpoint), prepare: BigInt(checkpoint) } });
      subscriptions.push(subscription);
      const got = await nextEvents(iterate(subscription), TOTAL - checkpoint);
      expect(ids(got)).to.deep.equal([...ids(old.slice(checkpoint + 1)), appended.id]);
      expect(subscription.readUpTo?.()).to.deep.equal({ commit: BigInt(TOTAL), prepare: BigInt(TOTAL) });
    }
    const filtered = store.subscribeToAll({ fromPosition: 'start', streamNamePrefixes: [`${prefix}-tickets-1`] });
    subscriptions.push(filtered);
    expect(ids(await nextEvents(iterate(filtered), 5))).to.deep.equal(ids(old.filter((e) => e.streamName === `${prefix}-tickets-1`)));
  });

  it('given an imported log, then the old folder is renamed beside with a UTC timestamp, and a second import is a no-op', async () => {
    const prefix = uniqueName('import');
    await makeEmbeddedLog(oldDir, prefix);
    await importEmbeddedLog(oldDir, file);

    const entries = await readdir(root);
    expect(entries).to.not.include('events');
    const renamed = entries.filter((e) => /^events\.imported-\d{8}T\d{6}Z$/.test(e));
    expect(renamed).to.have.length(1);
    expect(await exists(join(root, renamed[0], 'events.log'))).to.equal(true);

    expect(await importEmbeddedLog(oldDir, file)).to.equal(null);
    const store = openSqlite();
    expect(await store.headPosition()).to.deep.equal({ commit: BigInt(TOTAL - 1), prepare: BigInt(TOTAL - 1) });
  });

  it('given a SQLite file that already has events, when an old log is present, then nothing is imported and the old folder stays', async () => {
    const prefix = uniqueName('import');
    await makeEmbeddedLog(oldDir, prefix);
    const store = openSqlite();
    await store.appendToStream(`${prefix}-other`, [newEvent()], { expectedRevision: 'no_stream' });

    expect(await importEmbeddedLog(oldDir, file)).to.equal(null);

    expect(await exists(join(oldDir, 'events.log'))).to.equal(true);
    expect(await store.headPosition(), 'the one event of the SQLite log, at position 0').to.deep.equal({ commit: 0n, prepare: 0n });
  });

  it('given no old folder, or an empty log, when imported, then the answer is null', async () => {
    expect(await importEmbeddedLog(oldDir, file)).to.equal(null);
    await writeLegacyEventLog(oldDir, []);
    expect(await importEmbeddedLog(oldDir, file)).to.equal(null);
    expect(await exists(oldDir)).to.equal(true);
  });

  it('given a log with a corrupt byte in the middle, when imported, then it stops naming the file and the byte offset, and imports nothing', async () => {
    const prefix = uniqueName('import');
    await makeEmbeddedLog(oldDir, prefix);
    const logFile = join(oldDir, 'events.log');
    const offsets = await recordOffsets(logFile);
    const damagedRecord = Math.floor(offsets.length / 2);
    const bytes = await readFile(logFile);
    const at = offsets[damagedRecord] + 8 + 20; // inside the record's payload
    bytes[at] ^= 0x01;
    await writeFile(logFile, bytes);

    let failure: unknown = null;
    await importEmbeddedLog(oldDir, file).catch((error: unknown) => (failure = error));

    expect(failure).to.be.instanceOf(Error);
    const message = (failure as Error).message;
    expect(message).to.include(logFile);
    expect(message).to.include(`byte ${offsets[damagedRecord]}`);
    expect(message).to.include('checksum');
    expect((await readFile(logFile)).equals(bytes), 'the old log is left as it was').to.equal(true);
    expect(await exists(oldDir)).to.equal(true);
    const store = openSqlite();
    expect(await store.headPosition()).to.equal(null);
  });

  it('given a log whose last append reached the disk only in part (a torn tail), when imported, then it stops naming the byte where that append starts, and imports nothing', async () => {
    const prefix = uniqueName('import');
    await makeEmbeddedLog(oldDir, prefix);
    const logFile = join(oldDir, 'events.log');
    const offsets = await recordOffsets(logFile);
    // Records 8..11 are the append of 4 events to orders-1: keep its first two whole, drop the rest of the log.
    const ordersStart = offsets[8];
    await writeFile(logFile, (await readFile(logFile)).subarray(0, offsets[10]));

    let failure: unknown = null;
    await importEmbeddedLog(oldDir, file).catch((error: unknown) => (failure = error));

    expect(failure).to.be.instanceOf(Error);
    const message = (failure as Error).message;
    expect(message).to.include(logFile);
    expect(message).to.include(`byte ${ordersStart}`);
    expect(message).to.include('append not complete');
    expect(await exists(oldDir)).to.equal(true);
    expect(await openSqlite().headPosition()).to.equal(null);
  });
});
