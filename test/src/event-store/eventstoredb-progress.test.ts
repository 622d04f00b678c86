import { expect } from 'chai';
import type { AllStreamSubscription } from '@eventstore/db-client';
import type { Position } from '@support/domain';
import { pinnedEnd } from '@support/adapters/dist/event-store/eventstoredb/pinned-end';
import { ReadProgress } from '@support/adapters/dist/event-store/eventstoredb/read-progress';
import { isCheckpointMark, subscriptionFilter } from '@support/adapters/dist/event-store/eventstoredb/subscription-filter';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });

/** The EventStoreDB adapter's subscription pieces of issue 62, without a server. */
describe('EventStoreDB subscriptions: the server-side filter, how far they read, the pinned end (pure)', () => {
  it('given prefixes, then the filter is on stream names with those prefixes; without, it leaves out system events; both report checkpoints', () => {
    const byName = subscriptionFilter(['ticket-', 'customer-']);
    expect(byName).to.include({ filterOn: 'streamName', checkpointInterval: 1 });
    expect((byName as { prefixes: string[] }).prefixes).to.deep.equal(['ticket-', 'customer-']);
    const all = subscriptionFilter([]);
    expect(all).to.include({ filterOn: 'eventType', regex: '^[^$].*' });
    expect(typeof byName.checkpointReached).to.equal('function');
  });

  it('given a checkpoint of the server, then it goes into the subscription\'s stream as a mark behind the events sent before it', async () => {
    const pushed: unknown[] = [];
    const subscription = { push: (item: unknown) => pushed.push(item) } as unknown as AllStreamSubscription;
    await subscriptionFilter(['ticket-']).checkpointReached?.(subscription, { commit: 7n, prepare: 6n });
    expect(pushed).to.have.length(1);
    expect(isCheckpointMark(pushed[0])).to.equal(true);
    expect((pushed[0] as { checkpoint: Position }).checkpoint).to.deep.equal({ commit: 7n, prepare: 6n });
    expect(isCheckpointMark({ event: {} })).to.equal(false);
  });

  it('given events and checkpoints, then readUpTo only moves forward and readPast resolves once past, or when the subscription ends', async () => {
    const progress = new ReadProgress();
    expect(progress.readUpTo()).to.equal(null);
    let past = false;
    const waiting = progress.readPast(at(5)).then(() => (past = true));
    progress.advance(at(3));
    progress.advance(at(5));
    await Promise.resolve();
    expect(past).to.equal(false);
    progress.advance(at(9));
    progress.advance(at(4));
    await waiting;
    expect(progress.readUpTo()).to.deep.equal(at(9));
    await progress.readPast(null);
    const ended = progress.readPast(at(100));
    progress.end();
    await ended;
  });

  it('given a head read that fails twice, then it is told and tried again until it answers (never the client\'s END)', async () => {
    const told: string[] = [];
    let calls = 0;
    const head = async () => {
      calls += 1;
      if (calls < 3) throw new Error(`unavailable ${calls}`);
      return at(42);
    };
    const pinned = await pinnedEnd(head, { initialMs: 1, maxMs: 4 }, (e, ms) => told.push(`${e.message} ${ms}`), () => false, async () => undefined);
    expect(pinned).to.deep.equal(at(42));
    expect(told).to.deep.equal(['unavailable 1 1', 'unavailable 2 2']);
  });

  it('given a subscription ended while the head cannot be read, then the pinning stops', async () => {
    let stopped = false;
    const pinned = pinnedEnd(async () => Promise.reject(new Error('down')), { initialMs: 1, maxMs: 1 }, () => (stopped = true), () => stopped, async () => undefined);
    expect(await pinned).to.equal(null);
  });
});
