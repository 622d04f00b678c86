import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { AppendResult, CommandContext, Decider, DomainEvent, EventData, EventStore, ExpectedRevision, RecordedEvent, WrongExpectedVersion } from '@support/domain';
import { commandHandler } from '@support/event-sourcing';

type Counted = DomainEvent<'Counted', { readonly n: number }>;
const counter: Decider<{ readonly add: number }, Counted, number, never> = {
  initialState: () => 0,
  evolve: (state, e) => state + e.data.n,
  decide: (command) => E.right([{ type: 'Counted', data: { n: command.add } }]),
};

/** An event store whose stream always changed since it was read: every append is refused for its revision. */
const alwaysRacing = (): EventStore & { appends: number } => {
  const store = {
    appends: 0,
    async appendToStream(_stream: string, _events: readonly EventData[], _options: { readonly expectedRevision: ExpectedRevision }): Promise<E.Either<WrongExpectedVersion, AppendResult>> {
      store.appends++;
      return E.left({ kind: 'WrongExpectedVersion', streamName: 's', expected: 'no_stream', actual: BigInt(store.appends) } as unknown as WrongExpectedVersion);
    },
    async *readStream(): AsyncGenerator<RecordedEvent> {
      // an empty stream, every time
    },
    subscribeToAll: () => { throw new Error('not used'); },
    headPosition: async () => null,
    close: async () => undefined,
  };
  return store as unknown as EventStore & { appends: number };
};

const ctx = (deadline?: number): CommandContext => ({ accountId: 'acme', userId: 'test', requestId: 'r', now: new Date(), ...(deadline !== undefined ? { deadline } : {}) });

describe('command handler: a small, explicit retry policy', () => {
  it('given a stream that changes under every decision, when a command is handled, then it tries as often as its policy says and ends as a ConcurrencyConflict', async () => {
    const store = alwaysRacing();
    const handle = commandHandler(counter, { retry: { attempts: 3, backoff: { firstMs: 1, maxMs: 2 } } });
    const handled = await handle({ eventStore: store, newId: () => 'id' }, 's', { add: 1 }, ctx());
    expect(E.isLeft(handled) && handled.left).to.deep.equal({ kind: 'ConcurrencyConflict', streamName: 's' });
    expect(store.appends).to.equal(3);
  });

  it('given a request whose deadline comes before the next try could, when its decision loses, then no retry starts: one try, a ConcurrencyConflict', async () => {
    const store = alwaysRacing();
    const handle = commandHandler(counter, { retry: { attempts: 10, backoff: { firstMs: 50, maxMs: 50 } } });
    const handled = await handle({ eventStore: store, newId: () => 'id' }, 's', { add: 1 }, ctx(Date.now() + 20));
    expect(E.isLeft(handled)).to.equal(true);
    expect(store.appends).to.equal(1);
  });

  it('given no policy, then the default is a few tries (four)', async () => {
    const store = alwaysRacing();
    await commandHandler(counter)({ eventStore: store, newId: () => 'id' }, 's', { add: 1 }, ctx());
    expect(store.appends).to.equal(4);
  });

  it('given a new stream (newStream), when a command is handled, then the first decision reads nothing; should the stream exist after all, the next try reads it', async () => {
    const store = alwaysRacing();
    let reads = 0;
    const counting = { ...store, readStream: (...args: Parameters<EventStore['readStream']>) => { reads++; return store.readStream(...args); } } as EventStore;
    const handle = commandHandler(counter, { retry: { attempts: 2, backoff: { firstMs: 1, maxMs: 1 } } });
    await handle({ eventStore: counting, newId: () => 'id' }, 's', { add: 1 }, ctx(), { newStream: true });
    expect(store.appends).to.equal(2);
    expect(reads).to.equal(1);
  });
});
