import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { CommandContext, DecidedAppend } from '@support/domain';
import { decideAndAppend, loadStream, WriteDeps } from '@support/event-sourcing';
import { racingEventStore } from '../support/racing-event-store';

const ctx = (deadline?: number): CommandContext => ({ accountId: 'acme', userId: 'test', requestId: 'r', now: new Date(), ...(deadline !== undefined ? { deadline } : {}) });
let ids = 0;
const depsOf = (eventStore: WriteDeps['eventStore']): WriteDeps => ({ eventStore, newId: () => `id-${++ids}` });

/** How many events each stream holds, folded from the log. */
const counted = { initialState: () => 0, evolve: (n: number) => n + 1 };

/** A command that adds one event to each of `streams`, each expected at the revision read. */
const addToEach = (deps: WriteDeps, streams: readonly string[], refusals: unknown[] = []) => ({
  load: () => Promise.all(streams.map(async (streamName) => ({ streamName, ...(await loadStream(deps.eventStore, streamName, counted)) }))),
  decide: (read: { streamName: string; revision: bigint | null }[]): { appends: readonly DecidedAppend[] } => ({
    appends: read.map(({ streamName, revision }) => ({ streamName, events: [{ type: 'Added', data: {} }], expectedRevision: revision ?? 'no_stream' })),
  }),
  refused: (_decision: unknown, why: unknown) => refusals.push(why),
});

describe('decideAndAppend: one decision over several streams, one atomic append, decided again after a lost race', () => {
  it('given two streams, when a command decides both, then one append writes both, each at its next revision', async () => {
    // given
    const store = racingEventStore();
    const deps = depsOf(store);
    // when
    const handled = await decideAndAppend(deps, ctx(), addToEach(deps, ['a', 'b']));
    // then
    if (E.isLeft(handled)) throw new Error('the command was refused');
    expect(store.appendTimes).to.have.length(1);
    expect(handled.right.appended?.streams.map((s) => [s.streamName, s.nextExpectedRevision])).to.deep.equal([['a', 0n], ['b', 0n]]);
  });

  it('given another process appending first twice, when a command decides, then it is refused twice, told each time, and written on its third decision', async () => {
    // given
    const store = racingEventStore(2);
    const deps = depsOf(store);
    const refusals: unknown[] = [];
    // when
    const handled = await decideAndAppend(deps, ctx(), addToEach(deps, ['a', 'b'], refusals));
    // then
    expect(E.isRight(handled)).to.equal(true);
    expect(refusals.map((r) => (r as { kind: string }).kind)).to.deep.equal(['WrongExpectedVersion', 'WrongExpectedVersion']);
    expect(store.readTimes.length, 'every decision read both streams again').to.equal(6);
    expect(store.events('a')).to.have.length(1);
  });

  it('given a stream that keeps changing, when the deadline passes, then the command ends as a ConcurrencyConflict naming that stream, and nothing of it is written', async () => {
    // given
    const store = racingEventStore(Number.MAX_SAFE_INTEGER);
    const deps = depsOf(store);
    // when
    const handled = await decideAndAppend(deps, ctx(Date.now() + 60), addToEach(deps, ['a', 'b']));
    // then
    expect(handled).to.deep.equal(E.left({ kind: 'ConcurrencyConflict', streamName: 'a' }));
    expect(store.events('b')).to.have.length(0);
  });

  it('given a decision that writes nothing, then nothing is appended and the decision comes back', async () => {
    const store = racingEventStore();
    const handled = await decideAndAppend(depsOf(store), ctx(), { load: async () => null, decide: () => ({ appends: [], answer: 42 }) });
    expect(handled).to.deep.equal(E.right({ decision: { appends: [], answer: 42 }, appended: null }));
    expect(store.appendTimes).to.have.length(0);
  });
});
