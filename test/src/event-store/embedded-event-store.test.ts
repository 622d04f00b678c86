import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRight } from 'fp-ts/Either';
import { EmbeddedEventStore } from '@support/adapters';
import type { EventData } from '@support/domain';
import { makeTempDir } from './embedded-engine';
import { collect, ids, iterate, newEvent, newEvents, nextEvents } from './events';
import { spyOnFileHandles } from './file-handle-spy';

describe('EmbeddedEventStore', () => {
  let remove: () => Promise<void>;
  let dir: string;
  let store: EmbeddedEventStore | undefined;

  beforeEach(async () => {
    const temp = await makeTempDir();
    remove = temp.remove;
    dir = join(temp.dir, 'events');
  });

  afterEach(async () => {
    await store?.close();
    store = undefined;
    await remove();
  });

  const openStore = async (options: { maxAppendBytes?: number } = {}): Promise<EmbeddedEventStore> => {
    store = await EmbeddedEventStore.open({ dir, ...options });
    return store;
  };

  it('given a fresh store, when appending, then the head goes from null to positions 0, 1, ... with commit equal to prepare', async () => {
    const s = await openStore();
    expect(await s.headPosition()).to.equal(null);
    const first = await s.appendToStream('a', [newEvent()], { expectedRevision: 'no_stream' });
    const second = await s.appendToStream('b', newEvents(2), { expectedRevision: 'no_stream' });
    expect(isRight(first) && first.right.position).to.deep.equal({ commit: 0n, prepare: 0n });
    expect(isRight(second) && second.right.position).to.deep.equal({ commit: 2n, prepare: 2n });
    expect(await s.headPosition()).to.deep.equal({ commit: 2n, prepare: 2n });
  });

  it('given events appended before a close, when reopened, then they are there and positions and revisions carry on', async () => {
    const before = newEvents(3);
    const s1 = await openStore();
    await s1.appendToStream('ticket-1', before, { expectedRevision: 'no_stream' });
    await s1.close();
    const s2 = await openStore();
    expect(ids(await collect(s2.readStream('ticket-1')))).to.deep.equal(ids(before));
    const next = await s2.appendToStream('ticket-1', [newEvent()], { expectedRevision: 2n });
    expect(isRight(next) && next.right).to.deep.equal({ nextExpectedRevision: 3n, position: { commit: 3n, prepare: 3n } });
  });

  it("given stored events, when subscribed from 'end' and an event is appended, then exactly that event comes first", async () => {
    const s = await openStore();
    await s.appendToStream('x', newEvents(3), { expectedRevision: 'any' });
    const subscription = s.subscribeToAll({ fromPosition: 'end' });
    const later = newEvent();
    await s.appendToStream('x', [later], { expectedRevision: 'any' });
    expect(ids(await nextEvents(iterate(subscription), 1))).to.deep.equal([later.id]);
    await subscription.unsubscribe();
  });

  it('given an append in flight, when the stream is read before it resolves, then the read waits for it and includes it', async () => {
    const s = await openStore();
    const event = newEvent();
    const appending = s.appendToStream('ticket-1', [event], { expectedRevision: 'no_stream' });
    expect(ids(await collect(s.readStream('ticket-1')))).to.deep.equal([event.id]);
    expect(isRight(await appending)).to.equal(true);
  });

  it('given a retried batch, when appended again (also while the first is still in flight), then both answers are the original result and the batch is stored once', async () => {
    const s = await openStore();
    const batch = newEvents(2);
    const [first, concurrentRetry] = await Promise.all([
      s.appendToStream('ticket-1', batch, { expectedRevision: 'no_stream' }),
      s.appendToStream('ticket-1', batch, { expectedRevision: 'no_stream' }),
    ]);
    const laterRetry = await s.appendToStream('ticket-1', batch, { expectedRevision: 'no_stream' });
    expect(isRight(first) && first.right).to.deep.equal({ nextExpectedRevision: 1n, position: { commit: 1n, prepare: 1n } });
    expect(concurrentRetry).to.deep.equal(first);
    expect(laterRetry).to.deep.equal(first);
    expect(ids(await collect(s.readStream('ticket-1')))).to.deep.equal(ids(batch));
  });

  it('given a batch of which only some ids were appended before, when appended with its old expected revision, then it is a conflict, not a retry', async () => {
    const s = await openStore();
    const [a, b] = newEvents(2);
    await s.appendToStream('ticket-1', [a], { expectedRevision: 'no_stream' });
    const result = await s.appendToStream('ticket-1', [a, b], { expectedRevision: 'no_stream' });
    expect(isRight(result)).to.equal(false);
    expect(ids(await collect(s.readStream('ticket-1')))).to.deep.equal([a.id]);
  });

  it('given 64 appends issued at once, when they resolve, then they shared a few writes and fdatasyncs and each resolved after its sync', async () => {
    const s = await openStore();
    const spy = await spyOnFileHandles();
    try {
      await Promise.all(
        Array.from({ length: 64 }, (_, i) =>
          s.appendToStream(`ticket-${i}`, [newEvent()], { expectedRevision: 'no_stream' }).then(() => spy.log.push('ack')),
        ),
      );
    } finally {
      spy.restore();
    }
    const writes = spy.log.filter((e) => e === 'write').length;
    const syncs = spy.log.filter((e) => e === 'sync').length;
    expect(writes).to.equal(syncs);
    expect(syncs).to.be.within(1, 8);
    expectEveryAckAfterSync(spy.log);
  });

  it('given a single writer awaiting each append, when it appends, then every append is written and synced before it resolves', async () => {
    const s = await openStore();
    const spy = await spyOnFileHandles();
    try {
      for (let i = 0; i < 5; i += 1) {
        await s.appendToStream('ticket-1', [newEvent()], { expectedRevision: 'any' });
        spy.log.push('ack');
      }
    } finally {
      spy.restore();
    }
    expect(spy.log).to.deep.equal(Array.from({ length: 5 }, () => ['write', 'sync', 'ack']).flat());
  });

  it('given a failing fdatasync, when appending, then the append fails, later appends are refused, and a reopen recovers', async () => {
    const s = await openStore();
    await s.appendToStream('ticket-1', [newEvent()], { expectedRevision: 'no_stream' });
    const spy = await spyOnFileHandles();
    spy.failNextSync(new Error('simulated EIO'));
    let failure: unknown;
    try {
      await s.appendToStream('ticket-1', [newEvent()], { expectedRevision: 0n }).catch((error: unknown) => (failure = error));
    } finally {
      spy.restore();
    }
    expect(String(failure)).to.contain('simulated EIO');
    let refused: unknown;
    await s.appendToStream('ticket-2', [newEvent()], { expectedRevision: 'any' }).catch((error: unknown) => (refused = error));
    expect(String(refused)).to.contain('must be reopened');
    await s.close();

    const reopened = await openStore();
    const after = await reopened.appendToStream('ticket-3', [newEvent()], { expectedRevision: 'no_stream' });
    expect(isRight(after)).to.equal(true);
  });

  it('given an append over maxAppendBytes, when appended, then it is refused and nothing is reserved', async () => {
    const s = await openStore({ maxAppendBytes: 4096 });
    let failure: unknown;
    await s.appendToStream('ticket-1', [newEvent('Big', { text: 'x'.repeat(5000) })], { expectedRevision: 'any' }).catch((e: unknown) => (failure = e));
    expect(failure).to.be.instanceOf(RangeError);
    const next = await s.appendToStream('ticket-1', [newEvent()], { expectedRevision: 'no_stream' });
    expect(isRight(next) && next.right.position.commit).to.equal(0n);
  });

  it('given event data that is not JSON (a bigint), when appended, then it is refused and nothing is reserved', async () => {
    const s = await openStore();
    let failure: unknown;
    await s.appendToStream('ticket-1', [newEvent('Bad', { amount: 1n })], { expectedRevision: 'any' }).catch((e: unknown) => (failure = e));
    expect(failure).to.be.instanceOf(TypeError);
    expect(await s.headPosition()).to.equal(null);
    expect(await collect(s.readStream('ticket-1'))).to.deep.equal([]);
  });

  it('given metadata that is not an object, when appended, then it is refused and nothing is reserved (its record could never be read back)', async () => {
    const s = await openStore();
    for (const metadata of [null, 'text', 7]) {
      let failure: unknown;
      await s.appendToStream('ticket-1', [{ ...newEvent(), metadata } as unknown as EventData], { expectedRevision: 'any' }).catch((e: unknown) => (failure = e));
      expect(failure, String(metadata)).to.be.instanceOf(TypeError);
    }
    expect(await s.headPosition()).to.equal(null);
  });

  it('given events of many shapes, when read right after their append (the tail kept in memory) and again after a reopen (the file), then both reads are equal: JSON values, undefined fields left out, dates as text', async () => {
    // given
    const s = await openStore();
    const shapes: Record<string, unknown>[] = [
      { text: 'ünïcode "quoted" \\ back\u0000slash\n', emoji: '🎫', n: -1.5e-7, big: 2 ** 53 - 1 },
      { nested: { list: [1, 'two', null, { deep: [true, false] }], empty: {}, none: [] }, gone: undefined, at: new Date('2026-11-25T10:00:00.000Z') },
      { list: [undefined, () => 1], nan: Number.NaN, inf: Number.POSITIVE_INFINITY },
    ];
    // when
    await s.appendToStream('ticket-1', shapes.map((data, i) => newEvent(`Shape${i}`, data)), { expectedRevision: 'no_stream' });
    await s.appendToStream('ticket-1', [{ ...newEvent('NoMetadata'), metadata: undefined } as unknown as EventData], { expectedRevision: 'any' });
    const fromTail = await collect(s.readStream('ticket-1'));
    await s.close();
    const reopened = await openStore();
    const fromFile = await collect(reopened.readStream('ticket-1'));
    // then
    expect(fromTail).to.deep.equal(fromFile);
    expect(fromTail[1].data).to.deep.equal({ nested: { list: [1, 'two', null, { deep: [true, false] }], empty: {}, none: [] }, at: '2026-11-25T10:00:00.000Z' });
    expect(fromTail[2].data).to.deep.equal({ list: [null, null], nan: null, inf: null });
    expect(fromTail[3].metadata).to.deep.equal({});
  });

  it('given a live subscription, when the store closes, then its iteration ends', async () => {
    const s = await openStore();
    const iterator = iterate(s.subscribeToAll({ fromPosition: 'start' }));
    await s.appendToStream('ticket-1', [newEvent()], { expectedRevision: 'any' });
    await nextEvents(iterator, 1);
    const waiting = iterator.next();
    await s.close();
    expect((await waiting).done).to.equal(true);
  });

  it('given more events than one read of the log, half of them in streams a subscription filters out, when it is consumed by one step of iteration then a few held events taken at once, in turn, then every wanted event comes once in log order and readUpTo never passes an event not handed out', async () => {
    // given
    const s = await openStore();
    for (let i = 0; i < 60; i++) await s.appendToStream(i % 2 === 0 ? 'want-1' : 'other-1', newEvents(20), { expectedRevision: 'any' });
    const subscription = s.subscribeToAll({ fromPosition: 'start', streamNamePrefixes: ['want-'] });
    expect(subscription.takeBuffered?.(5), 'nothing held before the first step').to.deep.equal([]);
    const wanted = (await collect(s.readStream('want-1'))).map((e) => Number(e.position.commit));
    // when
    const iterator = iterate(subscription);
    const handed: number[] = [];
    const readUpTo = (): number => Number(subscription.readUpTo?.()?.commit ?? -1);
    while (handed.length < wanted.length) {
      const [event] = await nextEvents(iterator, 1);
      handed.push(Number(event.position.commit));
      for (const taken of subscription.takeBuffered?.(handed.length % 7) ?? []) handed.push(Number(taken.position.commit));
      // then: up to the last event handed out, never as far as the next wanted one
      expect(readUpTo()).to.be.at.least(handed[handed.length - 1]);
      if (handed.length < wanted.length) expect(readUpTo()).to.be.below(wanted[handed.length]);
    }
    // then
    expect(handed).to.deep.equal(wanted);
    const last = iterator.next();
    await s.appendToStream('want-1', [newEvent()], { expectedRevision: 'any' });
    expect(Number((await last).value.position.commit)).to.equal(1_200);
  });

  it('given a store open on a folder, when the folder is opened again in this process, then it is refused until the first closes', async () => {
    const s = await openStore();
    let failure: unknown;
    await EmbeddedEventStore.open({ dir }).catch((e: unknown) => (failure = e));
    expect(String(failure)).to.contain('already open');
    await s.close();
    await openStore();
  });

  it('given a LOCK file left by a process that no longer runs, when opened, then the lock is taken over', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    await (await openStore()).close();
    await writeFile(join(dir, 'LOCK'), String(dead));
    const s = await openStore();
    expect(await s.headPosition()).to.equal(null);
  });
});

/** At each 'ack', every completed write has been followed by a completed sync. */
function expectEveryAckAfterSync(log: readonly string[]): void {
  let unsynced = false;
  let synced = false;
  for (const entry of log) {
    if (entry === 'write') unsynced = true;
    if (entry === 'sync') [unsynced, synced] = [false, true];
    if (entry === 'ack') expect(!unsynced && synced, `log ${log.join(',')}`).to.equal(true);
  }
}
