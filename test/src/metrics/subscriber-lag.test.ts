import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { SqliteEventStore } from '@support/adapters';
import { countingEventsBehind, registerSubscriberLag, sequenceEventsBehind, ServiceMetrics } from '@support/app';
import { Position } from '@support/domain';
import { parsePrometheus, total } from './prometheus-text';

describe('Metrics: projection lag (events behind the head of the log)', () => {
  let dir: string;
  let store: SqliteEventStore;
  const positions: Position[] = [];
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lag-'));
    store = SqliteEventStore.open({ file: path.join(dir, 'events.sqlite') });
    for (let i = 0; i < 5; i++) {
      const appended = await store.appendToStream(`lag-${i}`, [{ id: `00000000-0000-4000-8000-00000000000${i}`, type: 'Probed', data: { i }, metadata: { version: 1 } }], { expectedRevision: 'any' });
      if (appended._tag === 'Left') throw new Error('append failed');
      positions.push(appended.right.position);
    }
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given a log of 5 events, then both ways of counting agree: none handled is 5 behind, the 2nd handled is 3 behind, the last is 0', async () => {
    const head = (await store.headPosition()) as Position;
    for (const behind of [sequenceEventsBehind, countingEventsBehind(store)]) {
      expect(await behind(positions[1], head)).to.equal(3);
      expect(await behind(positions[4], head)).to.equal(0);
      expect(await behind(null, head)).to.equal(5);
    }
    expect(await countingEventsBehind(store, 2)(null, head), 'the count stops at its cap').to.equal(2);
  });

  it('given subscribers at different positions, when scraped, then each read model and dispatcher has its own gauge', async () => {
    const metrics = new ServiceMetrics();
    const subscribers = [
      { name: 'projection:tickets', position: positions[1] },
      { name: 'projection:records', position: positions[4] },
      { name: 'dispatch:ticket-text', position: null },
    ];
    registerSubscriberLag(metrics, store, () => subscribers, sequenceEventsBehind);
    const families = parsePrometheus((await metrics.exposition()).body);
    expect(total(families, 'support_projection_lag_events', { read_model: 'tickets' })).to.equal(3);
    expect(total(families, 'support_projection_lag_events', { read_model: 'records' })).to.equal(0);
    expect(total(families, 'support_dispatcher_lag_events', { dispatcher: 'ticket-text' })).to.equal(5);
  });
});
