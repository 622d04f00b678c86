import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '@support/adapters';
import { EventStore, JobQueue, Position } from '@support/domain';
import { DispatcherDefinition } from '@support/event-sourcing';
import { dispatcherGroup } from '@support/projectors';
import { silentLogger } from '../support/test-service';

/** A queue that records every publish (no dedupe, so a job published again shows) and keeps publisher positions. */
const recordingQueue = () => {
  const published: string[] = [];
  const positions = new Map<string, string>();
  const queue = {
    publish: async (kind: string, _payload: unknown, { dedupeId }: { dedupeId: string }) => {
      published.push(`${kind}:${dedupeId}`);
      return { duplicate: false };
    },
    publisherPosition: async (publisher: string) => positions.get(publisher) ?? null,
    savePublisherPosition: async (publisher: string, position: string) => {
      positions.set(publisher, position);
    },
  };
  return { published, positions, queue: queue as unknown as JobQueue };
};

/** A dispatcher of one job per event of its streams. */
const oneJobPerEvent = (name: string, prefix: string): DispatcherDefinition => ({
  name, streamNamePrefixes: [prefix], jobsFor: (e) => [{ kind: name, payload: {}, dedupeId: e.id }],
});

describe('dispatcher group: every job dispatcher on one subscription of the log', () => {
  let dir: string;
  let events: SqliteEventStore;
  let subscriptions: number;
  let counted: EventStore;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dispatcher-group-'));
    events = SqliteEventStore.open({ file: path.join(dir, 'events.sqlite') });
    subscriptions = 0;
    counted = Object.assign(Object.create(events) as EventStore, {
      subscribeToAll: (...args: Parameters<EventStore['subscribeToAll']>) => {
        subscriptions++;
        return events.subscribeToAll(...args);
      },
    });
  });
  afterEach(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const append = async (stream: string): Promise<{ id: string; position: Position }> => {
    const id = randomUUID();
    const r = await events.appendToStream(stream, [{ id, type: 'Ticked', data: {}, metadata: { version: 1 } }], { expectedRevision: 'any' });
    if (r._tag === 'Left') throw new Error('append failed');
    return { id, position: r.right.position };
  };

  it('given two dispatchers of different streams, when events of both are appended, then one subscription publishes the jobs of each', async () => {
    // given
    const { published, queue } = recordingQueue();
    const { runners, group } = dispatcherGroup([oneJobPerEvent('texts', 'ticket-'), oneJobPerEvent('exports', 'export-')], counted, queue, silentLogger);
    await group.start();
    try {
      // when
      const ticket = await append('ticket-1');
      const exported = await append('export-1');
      // then
      for (const r of runners) expect(await r.waitFor(exported.position, 5_000)).to.equal(true);
      expect(published).to.have.members([`texts:${ticket.id}`, `exports:${exported.id}`]);
      expect(subscriptions).to.equal(1);
    } finally {
      await group.stop();
    }
  });

  it('given each dispatcher keeps its own checkpoint, when one is set back and the group restarts, then only that one publishes its jobs again', async () => {
    // given
    const { published, positions, queue } = recordingQueue();
    const definitions = [oneJobPerEvent('texts', 'ticket-'), oneJobPerEvent('exports', 'export-')];
    const first = dispatcherGroup(definitions, events, queue, silentLogger);
    await first.group.start();
    await append('ticket-1');
    const exported = await append('export-1');
    for (const r of first.runners) expect(await r.waitFor(exported.position, 5_000)).to.equal(true);
    await first.group.stop();
    expect([...positions.keys()]).to.have.members(['dispatch:texts', 'dispatch:exports']);
    // when
    positions.delete('dispatch:exports');
    published.length = 0;
    const second = dispatcherGroup(definitions, events, queue, silentLogger);
    await second.group.start();
    try {
      for (const r of second.runners) expect(await r.waitFor(exported.position, 5_000)).to.equal(true);
      // then
      expect(published).to.deep.equal([`exports:${exported.id}`]);
    } finally {
      await second.group.stop();
    }
  });
});
