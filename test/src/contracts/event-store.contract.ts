import { expect } from 'chai';
import { isLeft, isRight } from 'fp-ts/Either';
import {
  AllSubscription,
  AppendResult,
  comparePositions,
  EventData,
  EventStore,
  ExpectedRevision,
  Position,
  RecordedEvent,
  WrongExpectedVersion,
} from '@support/domain';
import { collect, EventIterator, ids, iterate, newEvent, newEvents, nextEvents, uniqueName } from '../event-store/events';

interface EventStoreUnderTest {
  readonly engine: EventStore;
  cleanup(): Promise<void>;
}

/**
 * The EventStore port's behaviour, written once and run over every engine. Every test uses its own
 * stream names and prefixes, so it also holds on a shared EventStoreDB server with other data.
 */
export function eventStoreContract(engineName: string, makeEngine: () => Promise<EventStoreUnderTest>): void {
  describe(`EventStore contract: ${engineName}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    const subscriptions: AllSubscription[] = [];

    beforeEach(async () => {
      const made = await makeEngine();
      store = made.engine;
      cleanup = () => made.cleanup();
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.unsubscribe()));
      await cleanup();
    });

    const append = async (stream: string, events: readonly EventData[], expectedRevision: ExpectedRevision = 'any'): Promise<AppendResult> => {
      const result = await store.appendToStream(stream, events, { expectedRevision });
      if (isLeft(result)) throw new Error(`append to ${stream} failed: ${JSON.stringify(result.left, bigintText)}`);
      return result.right;
    };

    const appendFailure = async (stream: string, events: readonly EventData[], expectedRevision: ExpectedRevision): Promise<WrongExpectedVersion> => {
      const result = await store.appendToStream(stream, events, { expectedRevision });
      if (isRight(result)) throw new Error(`append to ${stream} succeeded, expected WrongExpectedVersion`);
      return result.left;
    };

    const subscribe = (...args: Parameters<EventStore['subscribeToAll']>): EventIterator => {
      const subscription = store.subscribeToAll(...args);
      subscriptions.push(subscription);
      return iterate(subscription);
    };

    /** Proves a subscription yields nothing more before `marker`: appends it and expects it next. */
    const expectNextIsMarker = async (iterator: EventIterator, stream: string): Promise<void> => {
      const marker = newEvent('Marker');
      await append(stream, [marker]);
      const [next] = await nextEvents(iterator, 1);
      expect(next.id).to.equal(marker.id);
    };

    describe('append and read', () => {
      it('given no stream, when three events are appended, then reading forwards yields them with revisions 0..2 and all their fields', async () => {
        const stream = uniqueName('ticket');
        const events = [newEvent('TicketCreated', { subject: 'Printer', tags: ['a', 'b'], nested: { n: 1 } }), newEvent(), newEvent('TicketClosed', { reason: null })];
        const result = await append(stream, events, 'no_stream');
        expect(result.nextExpectedRevision).to.equal(2n);

        const read = await collect(store.readStream(stream));
        expect(ids(read)).to.deep.equal(ids(events));
        expect(read.map((e) => e.revision)).to.deep.equal([0n, 1n, 2n]);
        read.forEach((recorded, i) => {
          expect(recorded.streamName).to.equal(stream);
          expect(recorded.type).to.equal(events[i].type);
          expect(recorded.data).to.deep.equal(events[i].data);
          expect(recorded.metadata).to.deep.equal(events[i].metadata);
          expect(recorded.created).to.be.instanceOf(Date);
          expect(Number.isNaN(recorded.created.getTime())).to.equal(false);
        });
        expect(comparePositions(read[2].position, result.position)).to.equal(0);
      });

      it('given a stream of five events, when read backwards, then they come newest first', async () => {
        const stream = uniqueName('ticket');
        const events = newEvents(5);
        await append(stream, events, 'no_stream');
        const read = await collect(store.readStream(stream, { direction: 'backwards' }));
        expect(ids(read)).to.deep.equal(ids(events).reverse());
        expect(read.map((e) => e.revision)).to.deep.equal([4n, 3n, 2n, 1n, 0n]);
      });

      it('given a stream of five events, when read forwards from revision 1 with maxCount 2, then revisions 1 and 2 come', async () => {
        const stream = uniqueName('ticket');
        const events = newEvents(5);
        await append(stream, events, 'no_stream');
        const read = await collect(store.readStream(stream, { fromRevision: 1n, maxCount: 2 }));
        expect(ids(read)).to.deep.equal(ids(events.slice(1, 3)));
      });

      it('given a stream of five events, when read backwards from revision 2, then revisions 2, 1, 0 come', async () => {
        const stream = uniqueName('ticket');
        const events = newEvents(5);
        await append(stream, events, 'no_stream');
        const read = await collect(store.readStream(stream, { direction: 'backwards', fromRevision: 2n }));
        expect(read.map((e) => e.revision)).to.deep.equal([2n, 1n, 0n]);
      });

      it('given a stream of five events, when read backwards from the end with maxCount 1, then only the last comes', async () => {
        const stream = uniqueName('ticket');
        const events = newEvents(5);
        await append(stream, events, 'no_stream');
        const read = await collect(store.readStream(stream, { direction: 'backwards', fromRevision: 'end', maxCount: 1 }));
        expect(ids(read)).to.deep.equal([events[4].id]);
      });

      it('given a stream of three events, when read forwards from start with maxCount 2, then the first two come', async () => {
        const stream = uniqueName('ticket');
        const events = newEvents(3);
        await append(stream, events, 'no_stream');
        const read = await collect(store.readStream(stream, { fromRevision: 'start', maxCount: 2 }));
        expect(ids(read)).to.deep.equal(ids(events.slice(0, 2)));
      });

      it('given a stream that does not exist, when read either way, then nothing comes', async () => {
        const stream = uniqueName('missing');
        expect(await collect(store.readStream(stream))).to.deep.equal([]);
        expect(await collect(store.readStream(stream, { direction: 'backwards' }))).to.deep.equal([]);
      });

      it('given appends chained by nextExpectedRevision, when read, then every batch is there in order', async () => {
        const stream = uniqueName('ticket');
        const batches = [newEvents(2), newEvents(1), newEvents(3)];
        let expected: ExpectedRevision = 'no_stream';
        for (const batch of batches) expected = (await append(stream, batch, expected)).nextExpectedRevision;
        expect(expected).to.equal(5n);
        expect(ids(await collect(store.readStream(stream)))).to.deep.equal(ids(batches.flat()));
      });
    });

    describe('expected revision', () => {
      it("given 'any', when appending to a missing and then an existing stream, then both succeed", async () => {
        const stream = uniqueName('ticket');
        expect((await append(stream, [newEvent()], 'any')).nextExpectedRevision).to.equal(0n);
        expect((await append(stream, [newEvent()], 'any')).nextExpectedRevision).to.equal(1n);
      });

      it("given an existing stream, when appending with 'no_stream', then WrongExpectedVersion with the actual revision and nothing is written", async () => {
        const stream = uniqueName('customer-key');
        const first = newEvent();
        await append(stream, [first], 'no_stream');
        const failure = await appendFailure(stream, [newEvent()], 'no_stream');
        expect(failure).to.deep.equal({ kind: 'WrongExpectedVersion', streamName: stream, expected: 'no_stream', actual: 0n });
        expect(ids(await collect(store.readStream(stream)))).to.deep.equal([first.id]);
      });

      it("given a missing stream, when appending with 'stream_exists', then WrongExpectedVersion with actual 'no_stream' and the stream stays missing", async () => {
        const stream = uniqueName('ticket');
        const failure = await appendFailure(stream, [newEvent()], 'stream_exists');
        expect(failure).to.deep.equal({ kind: 'WrongExpectedVersion', streamName: stream, expected: 'stream_exists', actual: 'no_stream' });
        expect(await collect(store.readStream(stream))).to.deep.equal([]);
      });

      it("given an existing stream, when appending with 'stream_exists', then it succeeds", async () => {
        const stream = uniqueName('ticket');
        await append(stream, [newEvent()], 'no_stream');
        expect((await append(stream, [newEvent()], 'stream_exists')).nextExpectedRevision).to.equal(1n);
      });

      it('given a stream at revision 1, when appending with expected revision 1, then it succeeds at revision 2', async () => {
        const stream = uniqueName('ticket');
        await append(stream, newEvents(2), 'no_stream');
        expect((await append(stream, [newEvent()], 1n)).nextExpectedRevision).to.equal(2n);
      });

      it('given a stream at revision 2, when appending with a stale expected revision 0, then WrongExpectedVersion with actual 2 and nothing is written', async () => {
        const stream = uniqueName('ticket');
        await append(stream, newEvents(3), 'no_stream');
        const failure = await appendFailure(stream, [newEvent()], 0n);
        expect(failure).to.deep.equal({ kind: 'WrongExpectedVersion', streamName: stream, expected: 0n, actual: 2n });
        expect(await collect(store.readStream(stream))).to.have.length(3);
      });

      it("given a missing stream, when appending with an exact revision, then WrongExpectedVersion with actual 'no_stream'", async () => {
        const stream = uniqueName('ticket');
        const failure = await appendFailure(stream, [newEvent()], 0n);
        expect(failure).to.deep.equal({ kind: 'WrongExpectedVersion', streamName: stream, expected: 0n, actual: 'no_stream' });
      });
    });

    describe('concurrent appends', () => {
      it("given ten racing appends with 'no_stream' to one stream, when they settle, then exactly one wins and the others see revision 0", async () => {
        const stream = uniqueName('customer-key');
        const attempts = newEvents(10).map((event) => store.appendToStream(stream, [event], { expectedRevision: 'no_stream' }));
        const results = await Promise.all(attempts);
        expect(results.filter(isRight)).to.have.length(1);
        for (const failure of results.filter(isLeft)) expect(failure.left.actual).to.equal(0n);
        expect(await collect(store.readStream(stream))).to.have.length(1);
      });

      it('given ten racing appends with the same exact revision, when they settle, then exactly one wins', async () => {
        const stream = uniqueName('ticket');
        await append(stream, [newEvent()], 'no_stream');
        const results = await Promise.all(newEvents(10).map((event) => store.appendToStream(stream, [event], { expectedRevision: 0n })));
        expect(results.filter(isRight)).to.have.length(1);
        for (const failure of results.filter(isLeft)) expect(failure.left.actual).to.equal(1n);
        expect(await collect(store.readStream(stream))).to.have.length(2);
      });

      it("given racing appends with 'any' to one stream, when they settle, then all are written with distinct revisions", async () => {
        const stream = uniqueName('ticket');
        const results = await Promise.all(newEvents(20).map((event) => append(stream, [event], 'any')));
        const revisions = results.map((r) => r.nextExpectedRevision).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(revisions).to.deep.equal(Array.from({ length: 20 }, (_, i) => BigInt(i)));
        expect(await collect(store.readStream(stream))).to.have.length(20);
      });
    });

    describe('multi-stream append', () => {
      it('given three streams (one missing, one at revision 0, one at revision 1), when appended to at once with their revisions, then every event is written, each stream at its next revision, in the order given', async () => {
        const [a, b, c] = [uniqueName('customer_key'), uniqueName('customer'), uniqueName('ticket_number')];
        await append(b, [newEvent()], 'no_stream');
        await append(c, newEvents(2), 'no_stream');
        const start = await store.headPosition();
        const [ea, eb, ec] = [newEvents(1), newEvents(2), newEvents(1)];
        const result = await store.appendToStreams([
          { streamName: a, events: ea, expectedRevision: 'no_stream' },
          { streamName: b, events: eb, expectedRevision: 0n },
          { streamName: c, events: ec, expectedRevision: 1n },
        ]);
        if (isLeft(result)) throw new Error(`multi-stream append failed: ${JSON.stringify(result.left, bigintText)}`);
        expect(result.right.streams.map((s) => [s.streamName, s.nextExpectedRevision])).to.deep.equal([[a, 0n], [b, 2n], [c, 2n]]);
        expect(ids(await collect(store.readStream(a)))).to.deep.equal(ids(ea));
        expect((await collect(store.readStream(b))).map((e) => e.revision)).to.deep.equal([0n, 1n, 2n]);
        const got = await nextEvents(subscribe({ fromPosition: start ?? 'start', streamNamePrefixes: [a, b, c] }), 4);
        expect(ids(got)).to.deep.equal(ids([...ea, ...eb, ...ec]));
        expect(comparePositions(got[3].position, result.right.position)).to.equal(0);
      });

      it('given one stream of three whose revision does not hold, when appended to at once, then nothing is written to any, and the failure names that stream with its actual revision', async () => {
        const [a, b, c] = [uniqueName('customer_key'), uniqueName('open_ticket'), uniqueName('ticket')];
        await append(b, newEvents(2), 'no_stream');
        const result = await store.appendToStreams([
          { streamName: a, events: newEvents(1), expectedRevision: 'no_stream' },
          { streamName: b, events: newEvents(1), expectedRevision: 0n },
          { streamName: c, events: newEvents(2), expectedRevision: 'no_stream' },
        ]);
        if (isRight(result)) throw new Error('multi-stream append succeeded, expected WrongExpectedVersion');
        expect(result.left.streamName).to.equal(b);
        expect(result.left.actual).to.equal(1n);
        expect(await collect(store.readStream(a))).to.have.length(0);
        expect(await collect(store.readStream(b))).to.have.length(2);
        expect(await collect(store.readStream(c))).to.have.length(0);
      });

      it('given ten racing multi-stream appends that share one stream at its revision, when they settle, then exactly one is written whole and the others wrote nothing', async () => {
        const shared = uniqueName('ticket_number');
        await append(shared, [newEvent()], 'no_stream');
        const own = Array.from({ length: 10 }, () => uniqueName('ticket'));
        const results = await Promise.all(own.map((stream) => store.appendToStreams([
          { streamName: shared, events: newEvents(1), expectedRevision: 0n },
          { streamName: stream, events: newEvents(1), expectedRevision: 'no_stream' },
        ])));
        expect(results.filter(isRight)).to.have.length(1);
        const written = await Promise.all(own.map(async (stream) => (await collect(store.readStream(stream))).length));
        expect(written.filter((n) => n === 1)).to.have.length(1);
        expect(written.filter((n) => n === 0)).to.have.length(9);
        expect(await collect(store.readStream(shared))).to.have.length(2);
      });

      it('given a multi-stream append that was written, when it is retried with the same events and revisions, then the answer is the original and nothing is duplicated', async () => {
        const [a, b] = [uniqueName('customer'), uniqueName('ticket')];
        const appends = [
          { streamName: a, events: newEvents(1), expectedRevision: 'no_stream' as const },
          { streamName: b, events: newEvents(2), expectedRevision: 'no_stream' as const },
        ];
        const first = await store.appendToStreams(appends);
        const retry = await store.appendToStreams(appends);
        if (isLeft(first) || isLeft(retry)) throw new Error('an append failed');
        expect(retry.right.streams.map((s) => s.nextExpectedRevision)).to.deep.equal([0n, 1n]);
        expect(await collect(store.readStream(a))).to.have.length(1);
        expect(await collect(store.readStream(b))).to.have.length(2);
      });
    });

    describe('global order', () => {
      it('given appends to two streams in turn, when subscribed from before them, then they come in append order with increasing positions equal to the append results', async () => {
        const prefix = uniqueName('order');
        const start = await store.headPosition();
        const results: Position[] = [];
        const appended: EventData[] = [];
        for (let i = 0; i < 6; i += 1) {
          const event = newEvent('TicketNoted', { i });
          appended.push(event);
          results.push((await append(`${prefix}-${i % 2}`, [event])).position);
        }
        for (let i = 1; i < results.length; i += 1) expect(comparePositions(results[i - 1], results[i])).to.equal(-1);

        const got = await nextEvents(subscribe({ fromPosition: start ?? 'start', streamNamePrefixes: [prefix] }), 6);
        expect(ids(got)).to.deep.equal(ids(appended));
        got.forEach((event, i) => expect(comparePositions(event.position, results[i])).to.equal(0));
      });
    });

    describe('subscribeToAll', () => {
      it('given stored events, when subscribed from start, then it yields them in order and then turns live', async () => {
        const prefix = uniqueName('sub');
        const stored = [newEvent(), newEvent()];
        await append(`${prefix}-a`, [stored[0]]);
        await append(`${prefix}-b`, [stored[1]]);
        const iterator = subscribe({ fromPosition: 'start', streamNamePrefixes: [prefix] });
        expect(ids(await nextEvents(iterator, 2))).to.deep.equal(ids(stored));

        const live = [newEvent(), newEvent()];
        await append(`${prefix}-a`, [live[0]]);
        await append(`${prefix}-c`, [live[1]]);
        expect(ids(await nextEvents(iterator, 2))).to.deep.equal(ids(live));
      });

      it('given a checkpoint at the second of three events, when subscribed from it, then only the third and later come (exclusive)', async () => {
        const prefix = uniqueName('sub');
        const events = newEvents(3);
        const positions: Position[] = [];
        for (const event of events) positions.push((await append(`${prefix}-x`, [event])).position);
        const iterator = subscribe({ fromPosition: positions[1], streamNamePrefixes: [prefix] });
        expect(ids(await nextEvents(iterator, 1))).to.deep.equal([events[2].id]);
        await expectNextIsMarker(iterator, `${prefix}-x`);
      });

      it("given stored events, when subscribed from 'end', then only events appended afterwards come", async () => {
        const prefix = uniqueName('sub');
        await append(`${prefix}-x`, newEvents(2));
        const iterator = subscribe({ fromPosition: 'end', streamNamePrefixes: [prefix] });
        // A server may start the subscription a moment after the call: append until the first event arrives.
        const later: string[] = [];
        let first: RecordedEvent | undefined;
        const arrival = nextEvents(iterator, 1).then(([event]) => (first = event));
        while (first === undefined && later.length < 50) {
          const event = newEvent();
          later.push(event.id);
          await append(`${prefix}-x`, [event]);
          await Promise.race([arrival, sleep(100)]);
        }
        await arrival;
        expect(later).to.include(first?.id);
      });

      it('given events in streams of several prefixes, when subscribed with two of them, then only streams starting with those come', async () => {
        const base = uniqueName('sub');
        const wanted = [newEvent(), newEvent()];
        await append(`${base}-ticket-1`, [wanted[0]]);
        await append(`${base}-other-1`, [newEvent()]);
        await append(`${base}-customer-1`, [wanted[1]]);
        const iterator = subscribe({ fromPosition: 'start', streamNamePrefixes: [`${base}-ticket-`, `${base}-customer-`] });
        expect(ids(await nextEvents(iterator, 2))).to.deep.equal(ids(wanted));
        await append(`${base}-other-2`, [newEvent()]);
        await expectNextIsMarker(iterator, `${base}-ticket-2`);
      });

      it('given a subscription filtered by stream prefix, when events of other streams follow the last one it yielded, then it tells that it has read past them (readUpTo, readPast): the server-side filter, and a consumer idle between two of its events knows it is caught up', async () => {
        const base = uniqueName('progress');
        const start = await store.headPosition();
        const subscription = store.subscribeToAll({ fromPosition: start ?? 'start', streamNamePrefixes: [`${base}-wanted-`] });
        subscriptions.push(subscription);
        expect(typeof subscription.readUpTo, 'readUpTo').to.equal('function');
        expect(typeof subscription.readPast, 'readPast').to.equal('function');
        const iterator = subscription[Symbol.asyncIterator]();
        const wanted = [newEvent(), newEvent()];
        await append(`${base}-wanted-1`, [wanted[0]]);
        const first = await iterator.next();
        expect(first.done !== true && first.value.id).to.equal(wanted[0].id);
        const seen = (first.value as RecordedEvent).position;
        for (let i = 0; i < 80; i += 1) await append(`${base}-other-${i % 4}`, [newEvent()]);
        const pending = iterator.next();
        await Promise.race([subscription.readPast!(seen), sleep(15_000).then(() => expect.fail('readPast did not resolve within 15 s'))]);
        expect(comparePositions(subscription.readUpTo!() as Position, seen), 'read past the last event it yielded').to.equal(1);
        await append(`${base}-wanted-2`, [wanted[1]]);
        const second = await pending;
        expect(second.done !== true && second.value.id).to.equal(wanted[1].id);
      });

      it('given onArrival, when events are stored before the subscription and appended while it is live, then it yields what onArrival made of each, once each, in log order', async () => {
        // given: what is kept of an event: its id and position, with a mark
        const base = uniqueName('arrival');
        const made: string[] = [];
        const onArrival = (event: RecordedEvent): RecordedEvent => {
          made.push(event.id);
          return { ...event, type: `arrived ${event.type}` };
        };
        const stored = newEvents(2);
        await append(`${base}-a`, stored);
        const iterator = subscribe({ fromPosition: 'start', streamNamePrefixes: [`${base}-`], onArrival });
        expect((await nextEvents(iterator, 2)).map((e) => [e.id, e.type])).to.deep.equal(stored.map((e) => [e.id, `arrived ${e.type}`]));
        // when
        const live = newEvents(3);
        await append(`${base}-b`, live.slice(0, 2));
        await append(`${base}_left-out`, [newEvent()]);
        await append(`${base}-a`, live.slice(2));
        // then
        const got = await nextEvents(iterator, 3);
        expect(got.map((e) => [e.id, e.type])).to.deep.equal(live.map((e) => [e.id, `arrived ${e.type}`]));
        expect(got.map((e) => e.revision)).to.deep.equal([0n, 1n, 2n]);
        expect(made).to.deep.equal([...ids(stored), ...ids(live)]);
      });

      it('given a consumer waiting for live events, when unsubscribe is called, then its iteration ends', async () => {
        const prefix = uniqueName('sub');
        const subscription = store.subscribeToAll({ fromPosition: 'end', streamNamePrefixes: [prefix] });
        subscriptions.push(subscription);
        const consumed = collect(subscription);
        await sleep(50);
        await subscription.unsubscribe();
        expect(await consumed).to.deep.equal([]);
      });

      it('given a consumer that unsubscribes from inside its loop, when more events follow, then the loop ends after the event it was handling', async () => {
        const prefix = uniqueName('sub');
        await append(`${prefix}-x`, newEvents(3));
        const subscription = store.subscribeToAll({ fromPosition: 'start', streamNamePrefixes: [prefix] });
        subscriptions.push(subscription);
        const seen: string[] = [];
        for await (const event of subscription) {
          seen.push(event.id);
          if (seen.length === 2) await subscription.unsubscribe();
        }
        expect(seen).to.have.length(2);
      });
    });

    describe('headPosition', () => {
      it('given an append, when the head is asked for, then it is at or after that append', async () => {
        const result = await append(uniqueName('ticket'), [newEvent()]);
        const head = await store.headPosition();
        expect(head).to.not.equal(null);
        expect(comparePositions(head as Position, result.position)).to.be.at.least(0);
      });
    });

    describe('idempotent retry', () => {
      it("given a batch appended with 'no_stream', when the same batch is appended again, then the answer is the original one and nothing is duplicated", async () => {
        const stream = uniqueName('ticket');
        const batch = newEvents(2);
        const first = await append(stream, batch, 'no_stream');
        const retry = await append(stream, batch, 'no_stream');
        expect(retry.nextExpectedRevision).to.equal(first.nextExpectedRevision);
        expect(ids(await collect(store.readStream(stream)))).to.deep.equal(ids(batch));
      });

      it('given a batch appended at an exact revision, when it is retried with the same expected revision, then it is not duplicated', async () => {
        const stream = uniqueName('ticket');
        const opening = newEvent();
        await append(stream, [opening], 'no_stream');
        const batch = newEvents(2);
        const first = await append(stream, batch, 0n);
        const retry = await append(stream, batch, 0n);
        expect(retry.nextExpectedRevision).to.equal(first.nextExpectedRevision);
        expect(ids(await collect(store.readStream(stream)))).to.deep.equal([opening.id, ...ids(batch)]);
      });

      it("given an event appended with 'any', when the same event is appended again, then it is not duplicated", async () => {
        const stream = uniqueName('ticket');
        await append(stream, [newEvent()], 'any');
        const event = newEvent();
        const first = await append(stream, [event], 'any');
        const retry = await append(stream, [event], 'any');
        expect(retry.nextExpectedRevision).to.equal(first.nextExpectedRevision);
        expect(await collect(store.readStream(stream))).to.have.length(2);
      });
    });
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const bigintText = (_key: string, value: unknown): unknown => (typeof value === 'bigint' ? `${value}n` : value);
