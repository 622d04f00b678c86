import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '@support/adapters';
import { parkedEventsStream, parkedNow, Position, ProjectionEventParked, ReadModels, RecordedEvent } from '@support/domain';
import { ProjectionDefinition, projectionSubscriber, readModelCheckpoints, readModelShapes, SubscriberRunner } from '@support/projectors';
import { tempSqliteReadModels } from '../support/sqlite-read-models';
import { silentLogger } from '../support/test-service';

/** Counts the events of each counter stream, and cannot apply a poisoned one while `poisonFails`. */
let poisonFails = true;
const poisoned: ProjectionDefinition = {
  name: 'poisoned',
  streamNamePrefixes: ['counter-'],
  version: 1,
  collections: { counters: {} },
  project: async (event, reads) => {
    if (poisonFails && (event.data as { poison?: boolean }).poison === true) throw new Error('this event cannot be applied');
    const current = await reads.get<{ _id: string; count: number }>('counters', event.streamName);
    return [{ collection: 'counters', id: event.streamName, set: { count: (current?.count ?? 0) + 1 }, upsert: true }];
  },
};

describe('a projection that cannot apply an event parks it and goes on', () => {
  let dir: string;
  let events: SqliteEventStore;
  let store: ReadModels;
  let runner: SubscriberRunner;

  beforeEach(async () => {
    poisonFails = true;
    dir = mkdtempSync(path.join(os.tmpdir(), 'parked-events-'));
    events = SqliteEventStore.open({ file: path.join(dir, 'events.sqlite') });
    store = tempSqliteReadModels();
    await store.declare(readModelShapes([poisoned]));
    runner = new SubscriberRunner(projectionSubscriber(poisoned, store, events), events, readModelCheckpoints(store), silentLogger, { retryDelayMs: () => 5 });
    await runner.start();
  });
  afterEach(async () => {
    await runner.stop();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const append = async (stream: string, data: Record<string, unknown>, type = 'Ticked'): Promise<Position> => {
    const r = await events.appendToStream(stream, [{ id: randomUUID(), type, data, metadata: { version: 1, accountId: 'acme' } }], { expectedRevision: 'any' });
    if (r._tag === 'Left') throw new Error('append failed');
    return r.right.position;
  };
  const ticks = async (n: number): Promise<Position> => {
    let last: Position | null = null;
    for (let i = 0; i < n; i++) last = await append('counter-a', { i });
    return last!;
  };
  const parkedStream = async (): Promise<RecordedEvent[]> => {
    const out: RecordedEvent[] = [];
    for await (const e of events.readStream(parkedEventsStream('poisoned'))) out.push(e);
    return out;
  };
  const count = async () => (await store.get<{ _id: string; count: number }>('counters', 'counter-a'))?.count;

  it('given a poison event between others, when they are projected, then the later events are applied and the poison event is parked with its error', async () => {
    // given
    await ticks(2);
    await append('counter-a', { poison: true });
    // when
    const last = await ticks(3);
    // then
    expect(await runner.waitFor(last, 10_000), 'the events after the poison one are projected').to.equal(true);
    expect(await count()).to.equal(5);
    const parked = [...parkedNow(await parkedStream()).values()];
    expect(parked).to.have.length(1);
    expect(parked[0]).to.include({ readModel: 'poisoned', streamName: 'counter-a', revision: '2', eventType: 'Ticked', errorMessage: 'this event cannot be applied' });
  });

  it('given a parked event, when its retry is asked for once the projection can apply it, then the read model has it and it is no longer parked', async () => {
    // given
    await append('counter-a', { poison: true });
    expect(await runner.waitFor(await ticks(1), 10_000)).to.equal(true);
    const parked = (await parkedStream())[0].data as ProjectionEventParked['data'];
    poisonFails = false;
    // when
    const { readModel, eventId, streamName, revision } = parked;
    const asked = await append(parkedEventsStream('poisoned'), { readModel, eventId, streamName, revision, requestedAt: new Date().toISOString() }, 'ParkedEventRetryRequested');
    // then
    expect(await runner.waitFor(asked, 10_000)).to.equal(true);
    expect(await count()).to.equal(2);
    const deadline = Date.now() + 5_000;
    while (parkedNow(await parkedStream()).size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect([...parkedNow(await parkedStream()).keys()]).to.deep.equal([]);
  });

  it('given a parked event applied by a retry, when the read model is rebuilt from the log with the cause fixed, then the event is applied once (the served retry is not applied again)', async () => {
    // given
    await append('counter-a', { poison: true });
    expect(await runner.waitFor(await ticks(1), 10_000)).to.equal(true);
    const { readModel, eventId, streamName, revision } = (await parkedStream())[0].data as ProjectionEventParked['data'];
    poisonFails = false;
    const asked = await append(parkedEventsStream('poisoned'), { readModel, eventId, streamName, revision, requestedAt: new Date().toISOString() }, 'ParkedEventRetryRequested');
    expect(await runner.waitFor(asked, 10_000)).to.equal(true);
    const deadline = Date.now() + 5_000;
    while (parkedNow(await parkedStream()).size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await runner.stop();
    // when
    store = tempSqliteReadModels();
    await store.declare(readModelShapes([poisoned]));
    runner = new SubscriberRunner(projectionSubscriber(poisoned, store, events), events, readModelCheckpoints(store), silentLogger, { retryDelayMs: () => 5 });
    await runner.start();
    await runner.ready;
    // then
    expect(await count()).to.equal(2);
  });

  it('given the read-model store failing (not the event), when events arrive meanwhile, then nothing is parked and they are applied once the store is back', async () => {
    // given a store that fails every write while `down`
    expect(await runner.waitFor(await ticks(1), 10_000)).to.equal(true);
    await runner.stop();
    let down = false;
    const flaky = new Proxy(store, {
      get: (target, name) => {
        if (name === 'applyBatch' && down) return async () => { throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }); };
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    runner = new SubscriberRunner(projectionSubscriber(poisoned, flaky, events), events, readModelCheckpoints(store), silentLogger, { retryDelayMs: () => 5 });
    await runner.start();
    await runner.ready;
    down = true;
    // when
    const last = await ticks(2);
    await new Promise((r) => setTimeout(r, 500));
    down = false;
    // then
    expect(await runner.waitFor(last, 10_000)).to.equal(true);
    expect(await count()).to.equal(3);
    expect(parkedNow(await parkedStream()).size).to.equal(0);
  });
});
