import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '@support/adapters';
import { Position, ReadModels } from '@support/domain';
import {
  CheckpointStore, dispatcherSubscriber, projectionSubscriber, ProjectionDefinition, readModelCheckpoints, readModelShapes, SubscriberDefinition, SubscriberGroup, SubscriberRunner,
} from '@support/projectors';
import { tempSqliteReadModels } from '../support/sqlite-read-models';
import { silentLogger } from '../support/test-service';

/** A read model that counts the events of each counter stream: a repeated event would count twice. */
const counting: ProjectionDefinition = {
  name: 'counting',
  streamNamePrefixes: ['counter-'],
  version: 1,
  collections: { counters: {} },
  project: async (event, reads) => {
    const current = await reads.get<{ _id: string; count: number }>('counters', event.streamName);
    return [{ collection: 'counters', id: event.streamName, set: { count: (current?.count ?? 0) + 1 }, upsert: true }];
  },
};

/** A subscriber that counts in memory what it handles, with the runner's own checkpoints. */
const countingInMemory = (counts: Map<string, number>): SubscriberDefinition => ({
  name: 'counting-in-memory',
  streamNamePrefixes: ['counter-'],
  handle: async (event) => {
    counts.set(event.streamName, (counts.get(event.streamName) ?? 0) + 1);
  },
});

describe('subscriber runtime (projectors and dispatch)', () => {
  let dir: string;
  let events: SqliteEventStore;
  let store: ReadModels;
  let checkpoints: CheckpointStore;
  const runners: SubscriberRunner[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'subscriber-runtime-'));
    events = SqliteEventStore.open({ file: path.join(dir, 'events.sqlite') });
    store = tempSqliteReadModels();
    await store.declare(readModelShapes([counting, { ...counting, name: 'flaky', collections: {} }]));
    checkpoints = readModelCheckpoints(store);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const append = async (stream: string, n: number): Promise<Position> => {
    let last: Position | null = null;
    for (let i = 0; i < n; i++) {
      const r = await events.appendToStream(stream, [{ id: randomUUID(), type: 'Ticked', data: { i }, metadata: { version: 1 } }], { expectedRevision: 'any' });
      if (r._tag === 'Left') throw new Error('append failed');
      last = r.right.position;
    }
    return last!;
  };
  const run = async (definition = counting) => {
    const runner = new SubscriberRunner(projectionSubscriber(definition, store), events, checkpoints, silentLogger, { checkpointEvery: 10 });
    runners.push(runner);
    await runner.start();
    return runner;
  };
  const count = async (stream: string) => (await store.get<{ _id: string; count: number }>('counters', stream))?.count;

  it('given events in the log, when a projector starts, then it is ready only after catching up with them', async () => {
    await append('counter-a', 120);
    const runner = await run();
    await runner.ready;
    expect(await count('counter-a')).to.equal(120);
  });

  it('given a log that ends in events of streams the projector does not want, when it starts, then it becomes ready and its position reaches the head', async () => {
    await append('counter-a', 30);
    const head = await append('other-b', 700);
    const runner = await run();
    await runner.ready;
    expect(await count('counter-a')).to.equal(30);
    expect(runner.position?.commit).to.equal(head.commit);
    // and waiting for a position of an unwanted event answers too (read your writes after any command)
    const later = await append('other-b', 3);
    expect(await runner.waitFor(later, 5000)).to.equal(true);
  });

  it('given a subscription filtered by stream-name prefixes, then only those events come, decoded, and it tells how far it has read past the others', async () => {
    await append('counter-a', 5);
    const head = await append('other-b', 600);
    // reopened: the events come from the file, not from anything the appending store holds
    await events.close();
    events = SqliteEventStore.open({ file: path.join(dir, 'events.sqlite') });
    const subscription = events.subscribeToAll({ fromPosition: 'start', streamNamePrefixes: ['counter-'] });
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of subscription) seen.push(`${event.streamName}:${(event.data as { i: number }).i}`);
    })();
    await subscription.readPast?.({ commit: head.commit - 1n, prepare: head.commit - 1n });
    expect(seen).to.deep.equal(['counter-a:0', 'counter-a:1', 'counter-a:2', 'counter-a:3', 'counter-a:4']);
    expect(subscription.readUpTo?.()?.commit).to.equal(head.commit);
    await subscription.unsubscribe();
    await reading;
  });

  it('given a projector stopped and started again, then no event is lost or repeated', async () => {
    const first = await run();
    const p = await append('counter-a', 100);
    expect(await first.waitFor(p, 5000)).to.equal(true);
    await first.stop();
    runners.splice(runners.indexOf(first), 1);
    const p2 = await append('counter-a', 50);
    const second = await run();
    expect(await second.waitFor(p2, 5000)).to.equal(true);
    expect(await count('counter-a')).to.equal(150);
  });

  it('given a batch that fails after some of its events were written, then neither they nor the checkpoint stay, and the retry applies each event once', async () => {
    let failOn = 30;
    const failing: ProjectionDefinition = {
      ...counting,
      project: async (event, reads) => {
        if (failOn-- === 0) throw new Error('the process died here');
        return counting.project(event, reads);
      },
    };
    const end = await append('counter-a', 100);
    const runner = await run(failing);
    expect(await runner.waitFor(end, 5000)).to.equal(true);
    expect(await count('counter-a')).to.equal(100);
    expect(await checkpoints.load('projection:counting')).to.deep.equal(end);
  });

  it('given a position not yet appended, when waiting for it, then the wait times out with false', async () => {
    const runner = await run();
    expect(await runner.waitFor({ commit: 10_000n, prepare: 10_000n }, 50)).to.equal(false);
  });

  it('given a handler that fails twice, then the same event is retried and not skipped', async () => {
    let failures = 2;
    const flaky: ProjectionDefinition = {
      ...counting,
      name: 'flaky',
      project: async (event, s) => {
        if (failures-- > 0) throw new Error('read model unavailable');
        return counting.project(event, s);
      },
    };
    const runner = new SubscriberRunner(projectionSubscriber(flaky, store), events, checkpoints, silentLogger, { retryDelayMs: () => 5 });
    runners.push(runner);
    await runner.start();
    const p = await append('counter-b', 3);
    expect(await runner.waitFor(p, 5000)).to.equal(true);
    expect(await count('counter-b')).to.equal(3);
  });

  it('given other streams, then a projection only sees its own prefixes', async () => {
    const runner = await run();
    await append('other-x', 5);
    const p = await append('counter-c', 2);
    expect(await runner.waitFor(p, 5000)).to.equal(true);
    expect(await count('other-x')).to.equal(undefined);
    expect(await count('counter-c')).to.equal(2);
  });

  it('given a dispatcher replaying events after a restart, then each job is published once (dedupe by event id)', async () => {
    const published: string[] = [];
    const seen = new Set<string>();
    const queue = {
      publish: async (_kind: string, _payload: unknown, { dedupeId }: { dedupeId: string }) => {
        const duplicate = seen.has(dedupeId);
        seen.add(dedupeId);
        if (!duplicate) published.push(dedupeId);
        return { duplicate };
      },
    };
    const definition = { name: 'jobs', streamNamePrefixes: ['counter-'], jobsFor: (e: { id: string }) => [{ kind: 'k', payload: {}, dedupeId: e.id }] };
    const start = async () => {
      const r = new SubscriberRunner(dispatcherSubscriber(definition, queue as never), events, checkpoints, silentLogger);
      runners.push(r);
      await r.start();
      return r;
    };
    const first = await start();
    const p = await append('counter-d', 4);
    expect(await first.waitFor(p, 5000)).to.equal(true);
    await first.stop();
    runners.splice(runners.indexOf(first), 1);
    await checkpoints.save('dispatch:jobs', { commit: -1n, prepare: -1n });
    const second = await start();
    expect(await second.waitFor(p, 5000)).to.equal(true);
    expect(published).to.have.length(4);
  });

  it('given idleCheckpointMs, when idle after each of several quick batches, then the checkpoint is saved at the first, the latest once that time has passed, and the last at stop', async () => {
    // given
    const saved: Position[] = [];
    const recording: CheckpointStore = {
      load: (name) => checkpoints.load(name),
      save: async (name, position) => {
        saved.push(position);
        await checkpoints.save(name, position);
      },
    };
    const counts = new Map<string, number>();
    const runner = new SubscriberRunner(countingInMemory(counts), events, recording, silentLogger, { idleCheckpointMs: 1_000 });
    runners.push(runner);
    await runner.start();
    const first = await append('counter-g', 1);
    expect(await runner.waitFor(first, 5000)).to.equal(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(saved).to.deep.equal([first]);
    // when: five more batches within the second
    let latest = first;
    for (let i = 0; i < 5; i++) {
      latest = await append('counter-g', 1);
      expect(await runner.waitFor(latest, 5000)).to.equal(true);
    }
    // then
    expect(saved).to.deep.equal([first]);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(saved).to.deep.equal([first, latest]);
    const last = await append('counter-g', 1);
    expect(await runner.waitFor(last, 5000)).to.equal(true);
    await runner.stop();
    expect(saved[saved.length - 1]).to.deep.equal(last);
    expect(counts.get('counter-g')).to.equal(7);
  });

  it('given a checkpoint write that fails, then the subscription starts again where it was and nothing is lost or repeated', async () => {
    let failSaves = 1;
    const flakyCheckpoints: CheckpointStore = {
      load: (name) => checkpoints.load(name),
      save: async (name, position) => {
        if (failSaves-- > 0) throw new Error('checkpoint store unavailable');
        await checkpoints.save(name, position);
      },
    };
    const counts = new Map<string, number>();
    const runner = new SubscriberRunner(countingInMemory(counts), events, flakyCheckpoints, silentLogger, { checkpointEvery: 5 });
    runners.push(runner);
    await runner.start();
    const p = await append('counter-e', 20);
    expect(await runner.waitFor(p, 5000)).to.equal(true);
    expect(counts.get('counter-e')).to.equal(20);
    expect(failSaves).to.be.lessThan(0);
  });

  it('given a log far behind, when a group catches up, then its batches hold many log reads; once caught up, a new event comes in a batch of its own', async () => {
    // given
    await append('counter-h', 3_000);
    const sizes: number[] = [];
    const sizing: SubscriberDefinition = { name: 'sizing', streamNamePrefixes: ['counter-'], handle: async () => undefined, handleBatch: async (events) => void sizes.push(events.length) };
    const runner = new SubscriberRunner(sizing, events, checkpoints, silentLogger);
    const group = new SubscriberGroup(events, [runner], silentLogger, { maxBatch: 64, catchUpBatch: 2_000 });
    // when
    await group.start();
    try {
      await runner.ready;
      // then: 3,000 events in batches of up to 2,000 (a log read is 512)
      expect(sizes.reduce((a, b) => a + b, 0)).to.equal(3_000);
      expect(Math.max(...sizes)).to.equal(2_000);
      // and live
      const before = sizes.length;
      const p = await append('counter-h', 1);
      expect(await runner.waitFor(p, 5000)).to.equal(true);
      expect(sizes.slice(before)).to.deep.equal([1]);
    } finally {
      await group.stop();
    }
  });

  it('given a live window and an arrival step, when events are appended one by one within the window, then they come in one batch of what the step made of each, and the subscription is asked for the later ones once', async () => {
    // given: a group caught up with an empty log, that keeps each event's id in upper case; the asks of its subscription counted
    const batches: string[][] = [];
    const keeping: SubscriberDefinition = { name: 'keeping', handle: async () => undefined, handleBatch: async (kept) => void batches.push(kept.map((e) => e.id)) };
    let asks = 0;
    const counted: typeof events = Object.create(events, {
      subscribeToAll: {
        value: (options: Parameters<typeof events.subscribeToAll>[0]) => {
          const subscription = events.subscribeToAll(options);
          const iterate = subscription[Symbol.asyncIterator].bind(subscription);
          return Object.assign(subscription, {
            [Symbol.asyncIterator]: () => {
              const iterator = iterate();
              return { next: () => { asks++; return iterator.next(); }, return: iterator.return?.bind(iterator), throw: iterator.throw?.bind(iterator) };
            },
          });
        },
      },
    });
    const runner = new SubscriberRunner(keeping, counted, checkpoints, silentLogger);
    const group = new SubscriberGroup(counted, [runner], silentLogger, {
      liveWindowMs: 400, onArrival: (event) => ({ ...event, id: event.id.toUpperCase() }),
    });
    await group.start();
    try {
      await runner.ready;
      // when: five appends 20 ms apart, well within the window
      const ids: string[] = [];
      let last: Position | null = null;
      const asksBefore = asks;
      for (let i = 0; i < 5; i++) {
        const id = randomUUID();
        ids.push(id.toUpperCase());
        const r = await events.appendToStream('window-a', [{ id, type: 'Ticked', data: { i }, metadata: { version: 1 } }], { expectedRevision: 'any' });
        if (r._tag === 'Left') throw new Error('append failed');
        last = r.right.position;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await runner.waitFor(last as Position, 5_000)).to.equal(true);
      // then: one batch, of what the step made; the later four taken at the window's close (not an ask for each as it came)
      expect(batches).to.deep.equal([ids]);
      expect(asks - asksBefore).to.be.at.most(2);
    } finally {
      await group.stop();
    }
  });
});
