import { expect } from 'chai';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { isLeft, isRight } from 'fp-ts/Either';
import { SqliteEventStore } from '@support/adapters';
import type { AllSubscription } from '@support/domain';
import { makeTempDir } from './sqlite-engine';
import { collect, ids, iterate, newEvent, newEvents, nextEvents, uniqueName } from './events';

/**
 * What the contract suite cannot show with one store: several connections (standing in for the
 * service's processes) sharing one file. Two stores in one process have two connections, and see
 * each other's commits only through the file, as two processes would.
 */
describe('SqliteEventStore on a file shared by two connections', () => {
  let remove: () => Promise<void>;
  let file: string;
  let first: SqliteEventStore;
  let second: SqliteEventStore;
  const subscriptions: AllSubscription[] = [];

  beforeEach(async () => {
    const temp = await makeTempDir();
    remove = temp.remove;
    file = join(temp.dir, 'events.sqlite');
    first = SqliteEventStore.open({ file });
    second = SqliteEventStore.open({ file });
  });

  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((s) => s.unsubscribe()));
    await first.close();
    await second.close();
    await remove();
  });

  const subscribe = (store: SqliteEventStore, ...args: Parameters<SqliteEventStore['subscribeToAll']>) => {
    const subscription = store.subscribeToAll(...args);
    subscriptions.push(subscription);
    return subscription;
  };

  it('given a live subscription on one store, when events are appended through the other, then it yields them', async () => {
    const prefix = uniqueName('shared');
    const stored = newEvent();
    await second.appendToStream(`${prefix}-a`, [stored], { expectedRevision: 'no_stream' });
    const iterator = iterate(subscribe(first, { fromPosition: 'start', streamNamePrefixes: [prefix] }));
    expect(ids(await nextEvents(iterator, 1))).to.deep.equal([stored.id]);

    const live = newEvents(3);
    await second.appendToStream(`${prefix}-b`, live.slice(0, 2), { expectedRevision: 'no_stream' });
    await second.appendToStream(`${prefix}-a`, live.slice(2), { expectedRevision: 0n });
    const got = await nextEvents(iterator, 3, 2_000);
    expect(ids(got)).to.deep.equal(ids(live));
    expect(got.map((e) => e.revision)).to.deep.equal([0n, 1n, 1n]);
  });

  it("given a subscription from 'end' on one store, when the other appends, then only the later events come and readUpTo reaches them", async () => {
    const prefix = uniqueName('shared');
    await second.appendToStream(`${prefix}-a`, newEvents(2), { expectedRevision: 'no_stream' });
    const subscription = subscribe(first, { fromPosition: 'end', streamNamePrefixes: [prefix] });
    const iterator = iterate(subscription);
    const later = newEvent();
    const result = await second.appendToStream(`${prefix}-a`, [later], { expectedRevision: 1n });
    expect(ids(await nextEvents(iterator, 1, 2_000))).to.deep.equal([later.id]);
    expect(isRight(result) && subscription.readUpTo?.()).to.deep.equal(isRight(result) && result.right.position);
  });

  it('given a subscription filtered away from the other store\'s streams, when that store appends, then readPast resolves (the log was read past them)', async () => {
    const subscription = subscribe(first, { fromPosition: 'end', streamNamePrefixes: [uniqueName('nobody')] });
    const pending = iterate(subscription).next();
    const result = await second.appendToStream(uniqueName('other'), [newEvent()], { expectedRevision: 'any' });
    if (!isRight(result)) throw new Error('append failed');
    await subscription.readPast?.(null);
    expect(subscription.readUpTo?.()).to.deep.equal(result.right.position);
    await subscription.unsubscribe();
    expect((await pending).done).to.equal(true);
  });

  it("given both stores racing 'no_stream' appends to one stream, when they settle, then the database lets exactly one win and the other sees revision 0", async () => {
    const stream = uniqueName('customer-key');
    const results = await Promise.all([
      first.appendToStream(stream, [newEvent()], { expectedRevision: 'no_stream' }),
      second.appendToStream(stream, [newEvent()], { expectedRevision: 'no_stream' }),
    ]);
    expect(results.filter(isRight)).to.have.length(1);
    const [failure] = results.filter(isLeft);
    expect(failure.left).to.deep.include({ kind: 'WrongExpectedVersion', streamName: stream, expected: 'no_stream', actual: 0n });
    expect(await collect(first.readStream(stream))).to.have.length(1);
  });

  it('given a live subscription with onArrival, when its store appends and the row is changed in the file before it reads, then it yields what was written: an event appended through the store is not read back', async () => {
    // given: the subscription caught up and not reading (its consumer busy)
    const prefix = uniqueName('arrival');
    const written = newEvent();
    const iterator = iterate(subscribe(first, { fromPosition: 'end', streamNamePrefixes: [prefix], onArrival: (event) => event }));
    const pending = iterator.next();
    // when: the append, then the row changed by another connection before the subscription reads
    const [result] = await Promise.all([first.appendToStream(`${prefix}-a`, [written], { expectedRevision: 'no_stream' }), pending]);
    const position = isRight(result) ? Number(result.right.position.commit) : -1;
    const later = newEvent();
    await first.appendToStream(`${prefix}-a`, [later], { expectedRevision: 0n });
    const db = new Database(file);
    db.prepare("UPDATE events SET data = '{\"changed\":true}' WHERE position = ?").run(position + 1);
    db.close();
    // then: the later event comes as it was appended, not as the file now holds it
    const [next] = await nextEvents(iterator, 1, 2_000);
    expect(next.id).to.equal(later.id);
    expect(next.data).to.deep.equal(later.data);
  });

  it('given a live subscription with onArrival, when both stores append in turn, then every event comes once, in log order (the other store\'s read from the file between)', async () => {
    const prefix = uniqueName('arrival');
    const made: string[] = [];
    const iterator = iterate(subscribe(first, { fromPosition: 'end', streamNamePrefixes: [prefix], onArrival: (event) => (made.push(event.id), event) }));
    const appended = newEvents(8);
    for (const [i, event] of appended.entries()) {
      await (i % 3 === 1 ? second : first).appendToStream(`${prefix}-${i % 2}`, [event], { expectedRevision: 'any' });
    }
    const got = await nextEvents(iterator, 8, 2_000);
    expect(ids(got)).to.deep.equal(ids(appended));
    // each made once: this store's as it wrote them, the other's as they were read
    expect(made).to.have.length(8);
    expect(made).to.have.members(ids(appended));
  });

  it('given both stores racing appends at the same exact revision, when they settle, then exactly one wins', async () => {
    const stream = uniqueName('ticket');
    await first.appendToStream(stream, [newEvent()], { expectedRevision: 'no_stream' });
    const attempts = [first, second, first, second].map((store) => store.appendToStream(stream, [newEvent()], { expectedRevision: 0n }));
    const results = await Promise.all(attempts);
    expect(results.filter(isRight)).to.have.length(1);
    for (const failure of results.filter(isLeft)) expect(failure.left.actual).to.equal(1n);
    expect(await collect(second.readStream(stream))).to.have.length(2);
  });

  it('given one group commit with a failing and a valid append, when it commits, then only the failing one is refused', async () => {
    const taken = uniqueName('ticket');
    await first.appendToStream(taken, [newEvent()], { expectedRevision: 'no_stream' });
    const fresh = uniqueName('ticket');
    const [refused, written] = await Promise.all([
      first.appendToStream(taken, [newEvent()], { expectedRevision: 'no_stream' }),
      first.appendToStream(fresh, newEvents(2), { expectedRevision: 'no_stream' }),
    ]);
    expect(isLeft(refused)).to.equal(true);
    expect(isRight(written) && written.right.nextExpectedRevision).to.equal(1n);
    expect(await collect(second.readStream(fresh))).to.have.length(2);
  });

  it('given the events table, when a row at a taken stream revision is inserted directly, then SQLite refuses it', async () => {
    const stream = uniqueName('ticket');
    await first.appendToStream(stream, [newEvent()], { expectedRevision: 'no_stream' });
    const db = new Database(file);
    try {
      const insert = () =>
        db.prepare("INSERT INTO events (stream_name, revision, event_id, type, data, metadata, created) VALUES (?, 0, 'x', 'T', '{}', '{}', 0)").run(stream);
      expect(insert).to.throw(/UNIQUE/);
    } finally {
      db.close();
    }
  });

  it('given appends through both stores, when either asks for the head, then both answer the newest position', async () => {
    await first.appendToStream(uniqueName('a'), [newEvent()], { expectedRevision: 'any' });
    const last = await second.appendToStream(uniqueName('b'), [newEvent()], { expectedRevision: 'any' });
    if (!isRight(last)) throw new Error('append failed');
    expect(await first.headPosition()).to.deep.equal(last.right.position);
    expect(await second.headPosition()).to.deep.equal(last.right.position);
  });
});
