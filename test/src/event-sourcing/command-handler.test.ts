import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { CommandContext, Decider, DomainEvent } from '@support/domain';
import { commandHandler, WriteDeps } from '@support/event-sourcing';
import { racingEventStore } from '../support/racing-event-store';

type Counted = DomainEvent<'Counted', { readonly n: number; readonly by: string }>;
type Refused = { readonly kind: 'TooMuch' };
/** Adds to a count that may not pass `limit`. */
const counter = (limit = Infinity): Decider<{ readonly add: number; readonly by: string }, Counted, number, Refused> => ({
  initialState: () => 0,
  evolve: (state, e) => state + e.data.n,
  decide: (command, state) => (state + command.add > limit ? E.left({ kind: 'TooMuch' }) : E.right([{ type: 'Counted', data: { n: command.add, by: command.by } }])),
});

const ctx = (deadline?: number): CommandContext => ({ accountId: 'acme', userId: 'test', requestId: 'r', now: new Date(), ...(deadline !== undefined ? { deadline } : {}) });
let ids = 0;
const depsOf = (eventStore: WriteDeps['eventStore']): WriteDeps => ({ eventStore, newId: () => `id-${++ids}` });
/** No wait between tries: the tests count tries, not milliseconds. */
const noWait = { backoff: { firstMs: 0, maxMs: 0 } };

describe('command handler: one decision at a time per stream, decided again until the deadline', () => {
  it('given 50 commands to one stream at once in one process, then each is decided on the state the one before left: all appended, none refused, in the order they came', async () => {
    // given
    const store = racingEventStore();
    const handle = commandHandler(counter(), noWait);
    // when
    const handled = await Promise.all(Array.from({ length: 50 }, (_, i) => handle(depsOf(store), 's', { add: 1, by: `c${i}` }, ctx())));
    // then
    expect(handled.every(E.isRight)).to.equal(true);
    expect(store.refused, 'appends refused for their expected revision').to.equal(0);
    expect(store.events('s').map((e) => (e.data as Counted['data']).by)).to.deep.equal(Array.from({ length: 50 }, (_, i) => `c${i}`));
    // each answered with the state its own events made
    expect(handled.map((h) => E.isRight(h) && h.right.state)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('given commands that arrive while a turn runs, then they wait and are decided together in the next turn: one read, one append', async () => {
    const store = racingEventStore();
    const handle = commandHandler(counter(), noWait);
    await Promise.all(Array.from({ length: 50 }, (_, i) => handle(depsOf(store), 's', { add: 1, by: `c${i}` }, ctx())));
    // the first has the stream's turn at once; the 49 behind it share the next
    expect(store.appendTimes).to.have.length(2);
    expect(store.readTimes).to.have.length(2);
  });

  it('given commands decided together of which the state refuses some, then those get their refusal and the others are appended', async () => {
    const store = racingEventStore();
    const handle = commandHandler(counter(3), noWait);
    const handled = await Promise.all([2, 2, 1, 5].map((add, i) => handle(depsOf(store), 's', { add, by: `c${i}` }, ctx())));
    expect(handled.map((h) => (E.isLeft(h) ? h.left : h.right.state))).to.deep.equal([2, { kind: 'TooMuch' }, 3, { kind: 'TooMuch' }]);
    expect(store.events('s').map((e) => (e.data as Counted['data']).by)).to.deep.equal(['c0', 'c2']);
  });

  it('given commands decided together, when another process appends first, then all of them are decided again on its event and appended once', async () => {
    // given: five commands waiting behind a first one
    const store = racingEventStore(0, { type: 'Counted', data: { n: 10, by: 'other process' }, metadata: { version: 1 } });
    const handle = commandHandler(counter(), noWait);
    const first = handle(depsOf(store), 's', { add: 1, by: 'first' }, ctx());
    const together = Promise.all(Array.from({ length: 5 }, (_, i) => handle(depsOf(store), 's', { add: 1, by: `c${i}` }, ctx())));
    await first;
    // when: another process appends before their turn does
    store.otherProcessAppends = 1;
    const handled = await together;
    // then
    expect(handled.map((h) => E.isRight(h) && h.right.state)).to.deep.equal([12, 13, 14, 15, 16]);
    expect(store.events('s').map((e) => (e.data as Counted['data']).by)).to.deep.equal(['first', 'other process', 'c0', 'c1', 'c2', 'c3', 'c4']);
    expect(store.appendTimes, 'appends: the first, the five refused, the five again').to.have.length(3);
  });

  it('given a turn whose append fails, then every command of the turn gets the error, and the next turn is taken all the same', async () => {
    const store = racingEventStore();
    const failing = { ...store, appendToStream: async () => { throw new Error('disk full'); } } as typeof store;
    const handle = commandHandler(counter(), noWait);
    const outcomes = await Promise.allSettled(Array.from({ length: 3 }, (_, i) => handle(depsOf(failing), 's', { add: 1, by: `c${i}` }, ctx())));
    expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error).message : 'answered'))).to.deep.equal(['disk full', 'disk full', 'disk full']);
    expect(E.isRight(await handle(depsOf(store), 's', { add: 1, by: 'after' }, ctx()))).to.equal(true);
  });

  it('given two handlers of one process deciding on the same stream, then they take turns as well', async () => {
    const store = racingEventStore();
    const one = commandHandler(counter(), noWait);
    const other = commandHandler(counter(), noWait);
    const handled = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : other)(depsOf(store), 's', { add: 1, by: `c${i}` }, ctx())));
    expect(handled.every(E.isRight)).to.equal(true);
    expect(store.refused).to.equal(0);
    expect(store.events('s')).to.have.length(20);
  });

  it('given another process that appends first 30 times, when a command is handled, then it is decided again each time and appended once, on a fresh read', async () => {
    // given
    const store = racingEventStore(30);
    // when
    const handled = await commandHandler(counter(), noWait)(depsOf(store), 's', { add: 2, by: 'c' }, ctx(Date.now() + 5_000));
    // then
    expect(E.isRight(handled) && handled.right.state).to.equal(2);
    expect(store.appendTimes).to.have.length(31);
    expect(store.readTimes).to.have.length(31);
    expect(store.events('s')).to.have.length(1);
  });

  it('given a context without a deadline (a worker\'s), when another process keeps appending first, then it is decided again more often than any few tries', async () => {
    const store = racingEventStore(100);
    const handled = await commandHandler(counter(), noWait)(depsOf(store), 's', { add: 1, by: 'worker' }, ctx());
    expect(E.isRight(handled)).to.equal(true);
    expect(store.appendTimes).to.have.length(101);
  });

  it('given another process that always appends first, when the deadline comes, then no try starts after it and the command ends as a ConcurrencyConflict', async () => {
    // given
    const store = racingEventStore(Number.MAX_SAFE_INTEGER);
    const deadline = Date.now() + 150;
    // when
    const handled = await commandHandler(counter(), { backoff: { firstMs: 2, maxMs: 10, spread: [0, 1] } })(depsOf(store), 's', { add: 1, by: 'c' }, ctx(deadline));
    // then
    expect(E.isLeft(handled) && handled.left).to.deep.equal({ kind: 'ConcurrencyConflict', streamName: 's' });
    expect(store.appendTimes.length, 'tries').to.be.greaterThan(4);
    expect(store.readTimes.filter((t) => t >= deadline), 'tries started at or after the deadline').to.deep.equal([]);
  });

  it('given a command whose deadline passed while it waited its turn, then it is not decided', async () => {
    const store = racingEventStore();
    const handle = commandHandler(counter(), noWait);
    const first = handle(depsOf(store), 's', { add: 1, by: 'first' }, ctx());
    const late = handle(depsOf(store), 's', { add: 1, by: 'late' }, ctx(Date.now() - 1));
    expect(E.isRight(await first)).to.equal(true);
    expect(E.isLeft(await late) && (await late as E.Left<{ kind: string }>).left.kind).to.equal('ConcurrencyConflict');
    expect(store.events('s').map((e) => (e.data as Counted['data']).by)).to.deep.equal(['first']);
  });

  it('given a decision the new state refuses (a rule, not a race), then it answers that refusal at once, without trying again', async () => {
    // given: another process appends 3 first; on the state after it the command breaks the limit
    const store = racingEventStore(1, { type: 'Counted', data: { n: 3, by: 'other' }, metadata: { version: 1 } });
    // when
    const handled = await commandHandler(counter(3), noWait)(depsOf(store), 's', { add: 1, by: 'c' }, ctx(Date.now() + 5_000));
    // then
    expect(E.isLeft(handled) && handled.left).to.deep.equal({ kind: 'TooMuch' });
    expect(store.appendTimes, 'appends tried').to.have.length(1);
    expect(store.readTimes, 'reads: the first and the one after the lost race').to.have.length(2);
  });

  it('given a new stream (newStream), when a command is handled, then the first decision reads nothing; should the stream exist after all, the next try reads it', async () => {
    const store = racingEventStore(1);
    const handled = await commandHandler(counter(), noWait)(depsOf(store), 's', { add: 1, by: 'c' }, ctx(), { newStream: true });
    expect(E.isRight(handled)).to.equal(true);
    expect(store.appendTimes).to.have.length(2);
    expect(store.readTimes).to.have.length(1);
  });
});
