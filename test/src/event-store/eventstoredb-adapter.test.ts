import { expect } from 'chai';
import {
  AllStreamResolvedEvent,
  AppendToStreamOptions,
  EventData as ClientEventData,
  EventStoreDBClient,
  Position as ClientPosition,
  ReadAllOptions,
  ReadStreamOptions,
  StreamNotFoundError,
  SubscribeToAllOptions,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { comparePositions } from '@support/domain';
import { EventStoreDbEventStore } from '@support/adapters/dist/distributed';
import { collect, ids, iterate, newEvent, nextEvents } from './events';

/**
 * The EventStoreDB adapter over a scripted stand-in for the client, for what the contract run cannot
 * show without a server: the mapping of options and errors, and resubscribing after a dropped subscription.
 */

type Script = (unsubscribed: Promise<void>) => AsyncGenerator<AllStreamResolvedEvent>;

const at = (n: number): ClientPosition => ({ commit: BigInt(n), prepare: BigInt(n) });

function resolved(n: number, type = 'TicketNoted', streamId = 'ticket-1'): AllStreamResolvedEvent {
  return {
    event: {
      streamId,
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      revision: BigInt(n),
      type,
      isJson: true,
      created: new Date(0),
      data: { n },
      metadata: { version: 1 },
      position: at(n),
    },
  };
}

/** Yields these events, then stays live until unsubscribed. */
const live = (...events: AllStreamResolvedEvent[]): Script =>
  async function* (unsubscribed) {
    yield* events;
    await unsubscribed;
  };

/** Yields these events, then fails like a dropped connection. */
const dropsAfter = (...events: AllStreamResolvedEvent[]): Script =>
  async function* () {
    yield* events;
    throw new Error('14 UNAVAILABLE: Connection dropped');
  };

class FakeClient {
  readonly subscriptions: SubscribeToAllOptions[] = [];
  readonly appends: { streamName: string; events: ClientEventData[]; options: AppendToStreamOptions }[] = [];
  readonly streamReads: ReadStreamOptions[] = [];
  scripts: Script[] = [];
  /** $all, oldest first. */
  all: AllStreamResolvedEvent[] = [];
  appendAnswer: () => Promise<unknown> = async () => ({ success: true, nextExpectedRevision: 0n, position: at(0) });
  streamAnswer: () => AsyncGenerator<unknown> = async function* () {};

  subscribeToAll(options: SubscribeToAllOptions) {
    this.subscriptions.push(options);
    let stop = (): void => undefined;
    const unsubscribed = new Promise<void>((resolve) => (stop = resolve));
    const events = (this.scripts.shift() ?? live())(unsubscribed);
    return { [Symbol.asyncIterator]: () => events, unsubscribe: async () => stop() };
  }

  /** Backwards reads include the event at `fromPosition`, the way the adapter must cope with. */
  readAll(options: ReadAllOptions) {
    const from = options.fromPosition;
    const older = this.all.filter((e) => from === 'end' || from === undefined || from === 'start' || comparePositions(e.event!.position, from) <= 0);
    const page = older.reverse().slice(0, Number(options.maxCount));
    return (async function* () {
      yield* page;
    })();
  }

  async appendToStream(streamName: string, events: ClientEventData[], options: AppendToStreamOptions) {
    this.appends.push({ streamName, events, options });
    return this.appendAnswer();
  }

  readStream(_streamName: string, options: ReadStreamOptions) {
    this.streamReads.push(options);
    return this.streamAnswer();
  }

  async dispose() {}
}

describe('EventStoreDbEventStore over a scripted client', () => {
  let client: FakeClient;
  const drops: { error: Error; retryInMs: number }[] = [];
  const storeOver = (backoff = { initialMs: 1, maxMs: 4 }) =>
    new EventStoreDbEventStore(client as unknown as EventStoreDBClient, {
      resubscribeBackoff: backoff,
      onSubscriptionDropped: (error, retryInMs) => drops.push({ error, retryInMs }),
    });

  beforeEach(() => {
    client = new FakeClient();
    drops.length = 0;
  });

  describe('subscribeToAll', () => {
    it('given a subscription that drops after two events, when iterated, then it resubscribes from the second one and goes on without gaps or duplicates', async () => {
      client.scripts = [dropsAfter(resolved(1), resolved(2)), live(resolved(3))];
      const subscription = storeOver().subscribeToAll({ fromPosition: 'start' });
      const got = await nextEvents(iterate(subscription), 3);
      await subscription.unsubscribe();
      expect(got.map((e) => e.revision)).to.deep.equal([1n, 2n, 3n]);
      expect(client.subscriptions.map((s) => s.fromPosition)).to.deep.equal(['start', at(2)]);
      expect(drops.map((d) => d.error.message)).to.deep.equal(['14 UNAVAILABLE: Connection dropped']);
    });

    it('given repeated drops without events, when it resubscribes, then the backoff doubles up to its maximum and resets once events flow', async () => {
      client.scripts = [dropsAfter(), dropsAfter(), dropsAfter(), dropsAfter(), dropsAfter(resolved(5)), dropsAfter(), live(resolved(6))];
      const subscription = storeOver({ initialMs: 1, maxMs: 4 }).subscribeToAll({ fromPosition: at(4) });
      await nextEvents(iterate(subscription), 2);
      await subscription.unsubscribe();
      expect(drops.map((d) => d.retryInMs)).to.deep.equal([1, 2, 4, 4, 1, 2]);
      expect(client.subscriptions.map((s) => s.fromPosition)).to.deep.equal([at(4), at(4), at(4), at(4), at(4), at(5), at(5)]);
    });

    it('given a subscription waiting out its backoff, when unsubscribed, then the iteration ends at once', async () => {
      client.scripts = [dropsAfter()];
      const subscription = storeOver({ initialMs: 60_000, maxMs: 60_000 }).subscribeToAll();
      const consumed = collect(subscription);
      while (drops.length === 0) await new Promise((resolve) => setImmediate(resolve));
      await subscription.unsubscribe();
      expect(await consumed).to.deep.equal([]);
      expect(client.subscriptions).to.have.length(1);
    });

    it('given stream name prefixes, when subscribing, then the server-side filter is on those stream prefixes; without them it excludes system events', async () => {
      client.scripts = [live(resolved(1)), live(resolved(1))];
      const store = storeOver();
      const withPrefixes = store.subscribeToAll({ streamNamePrefixes: ['ticket-', 'customer-'] });
      await nextEvents(iterate(withPrefixes), 1);
      const withoutPrefixes = store.subscribeToAll();
      await nextEvents(iterate(withoutPrefixes), 1);
      await Promise.all([withPrefixes.unsubscribe(), withoutPrefixes.unsubscribe()]);
      expect(client.subscriptions[0].filter).to.include({ filterOn: 'streamName' });
      expect(client.subscriptions[0].filter).to.have.deep.property('prefixes', ['ticket-', 'customer-']);
      expect(client.subscriptions[1].filter).to.include({ filterOn: 'eventType', regex: '^[^$].*' });
    });

    it("given fromPosition 'end', when subscribing, then it starts after the newest user event, so a resubscription before any event misses nothing", async () => {
      client.all = [resolved(10), resolved(20), resolved(30, '$metadata', '$$ticket-1')];
      client.scripts = [dropsAfter(), live(resolved(40))];
      const subscription = storeOver().subscribeToAll({ fromPosition: 'end' });
      await nextEvents(iterate(subscription), 1);
      await subscription.unsubscribe();
      expect(client.subscriptions.map((s) => s.fromPosition)).to.deep.equal([at(20), at(20)]);
    });
  });

  describe('close', () => {
    it('given a live subscription, when the store closes, then the iteration ends and nothing resubscribes', async () => {
      client.scripts = [live(resolved(1))];
      const store = storeOver();
      const iterator = iterate(store.subscribeToAll());
      await nextEvents(iterator, 1);
      const waiting = iterator.next();
      await store.close();
      expect((await waiting).done).to.equal(true);
      expect(client.subscriptions).to.have.length(1);
      expect(drops).to.deep.equal([]);
    });
  });

  describe('headPosition', () => {
    it('given more system events after the newest user event than one page holds, when asked, then it pages back to the user event', async () => {
      client.all = [resolved(1), ...Array.from({ length: 600 }, (_, i) => resolved(100 + i, '$statsCollected', '$stats-node'))];
      expect(await storeOver().headPosition()).to.deep.equal(at(1));
    });

    it('given only system events or none, when asked, then it is null', async () => {
      expect(await storeOver().headPosition()).to.equal(null);
      client.all = [resolved(1, '$settings', '$settings')];
      expect(await storeOver().headPosition()).to.equal(null);
    });
  });

  describe('appendToStream', () => {
    it('given events and an expected revision, when appended, then they go out as JSON events with their ids, and the result carries revision and position', async () => {
      client.appendAnswer = async () => ({ success: true, nextExpectedRevision: 4n, position: at(77) });
      const event = newEvent('TicketCreated', { subject: 'Printer' });
      const result = await storeOver().appendToStream('ticket-1', [event], { expectedRevision: 3n });
      expect(result).to.deep.equal({ _tag: 'Right', right: { nextExpectedRevision: 4n, position: at(77) } });
      expect(client.appends[0].options.expectedRevision).to.equal(3n);
      expect(client.appends[0].events).to.deep.equal([
        { id: event.id, contentType: 'application/json', type: 'TicketCreated', data: { subject: 'Printer' }, metadata: event.metadata },
      ]);
    });

    for (const [expected, current, actual] of [
      ['no_stream', 5n, 5n],
      ['stream_exists', 'no_stream', 'no_stream'],
      [2n, 'no_stream', 'no_stream'],
    ] as const) {
      it(`given the server answers WrongExpectedVersion for ${String(expected)}, when appending, then the Left value names the stream, what was expected and ${String(actual)}`, async () => {
        client.appendAnswer = async () => {
          throw new WrongExpectedVersionError(undefined, { streamName: 'ticket-1', expected, current });
        };
        const result = await storeOver().appendToStream('ticket-1', [newEvent()], { expectedRevision: expected });
        expect(result).to.deep.equal({ _tag: 'Left', left: { kind: 'WrongExpectedVersion', streamName: 'ticket-1', expected, actual } });
        expect(client.appends[0].options.expectedRevision).to.equal(expected);
      });
    }

    it('given any other client error, when appending, then it is thrown, not turned into a value', async () => {
      client.appendAnswer = async () => {
        throw new Error('14 UNAVAILABLE');
      };
      let failure: unknown;
      await storeOver().appendToStream('ticket-1', [newEvent()], { expectedRevision: 'any' }).catch((e: unknown) => (failure = e));
      expect(String(failure)).to.contain('UNAVAILABLE');
    });
  });

  describe('readStream', () => {
    it('given the server answers StreamNotFound, when reading, then nothing comes', async () => {
      client.streamAnswer = async function* () {
        throw new StreamNotFoundError(undefined, 'ticket-9');
      };
      expect(await collect(storeOver().readStream('ticket-9'))).to.deep.equal([]);
    });

    it('given a backwards read without a start, when reading, then it starts at the end and maps the events', async () => {
      client.streamAnswer = async function* () {
        yield resolved(2);
        yield resolved(1);
      };
      const read = await collect(storeOver().readStream('ticket-1', { direction: 'backwards', maxCount: 2 }));
      expect(client.streamReads[0]).to.deep.equal({ direction: 'backwards', fromRevision: 'end', maxCount: 2 });
      expect(ids(read)).to.deep.equal([resolved(2).event!.id, resolved(1).event!.id]);
      expect(read[0]).to.deep.include({ streamName: 'ticket-1', revision: 2n, type: 'TicketNoted', data: { n: 2 }, position: at(2) });
    });
  });
});
