import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { EventStoreDbEventStore } from '@support/adapters/dist/distributed';
import { EVENT_SCHEMA_VERSION, EventStore, positionToString, RecordedEvent } from '@support/domain';
import { EventFeedQuery, readEventFeed } from '@support/query-api';
import { makeSqliteEngine } from '../event-store/sqlite-engine';

const query = (q: Partial<EventFeedQuery>): EventFeedQuery => ({ streams: [], prefixes: [], ticketIds: [], types: [], follow: false, ...q });

const event = (type: string, data: Record<string, unknown> = {}, accountId = 'acme') => ({ id: randomUUID(), type, data, metadata: { version: EVENT_SCHEMA_VERSION, accountId } });

const collect = async (store: EventStore, q: EventFeedQuery): Promise<RecordedEvent[]> => {
  const out: RecordedEvent[] = [];
  for await (const e of readEventFeed(store, q)) out.push(e);
  return out;
};

const within = <T>(ms: number, p: Promise<T>): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

/** The event feed over the event-store port, on each engine: the same behaviour embedded and on EventStoreDB. */
const feedSuite = (engineName: string, open: () => Promise<{ store: EventStore; cleanup(): Promise<void> }>) => {
  describe(`event feed on ${engineName}`, function () {
    this.timeout(20_000);
    let store: EventStore;
    let cleanup: () => Promise<void>;
    let p: string;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
      // Streams of this test only (EventStoreDB's log is shared between runs).
      p = `audit${randomUUID().slice(0, 8)}`;
      await store.appendToStream(`${p}_ticket-1`, [event('TicketCreated', { ticketId: '1' }), event('TaskEvaluated', { ticketId: '1' })], { expectedRevision: 'no_stream' });
      await store.appendToStream(`${p}_customer-1`, [event('CustomerCreated', { customerId: 'c1' }, 'globex')], { expectedRevision: 'no_stream' });
      await store.appendToStream(`${p}_ticket-2`, [event('TicketCreated', { ticketId: '2' })], { expectedRevision: 'no_stream' });
    });
    afterEach(() => cleanup());

    it('given streams, when read by stream, then that stream\'s events in order, and nothing else', async () => {
      const events = await collect(store, query({ streams: [`${p}_ticket-1`] }));
      expect(events.map((e) => [e.streamName, e.type])).to.deep.equal([[`${p}_ticket-1`, 'TicketCreated'], [`${p}_ticket-1`, 'TaskEvaluated']]);
    });

    it('given several streams, when read by prefix or by two streams, then in global order', async () => {
      const byPrefix = await collect(store, query({ prefixes: [`${p}_`] }));
      expect(byPrefix.map((e) => e.type)).to.deep.equal(['TicketCreated', 'TaskEvaluated', 'CustomerCreated', 'TicketCreated']);
      const two = await collect(store, query({ streams: [`${p}_ticket-2`, `${p}_ticket-1`] }));
      expect(two.map((e) => e.streamName)).to.deep.equal([`${p}_ticket-1`, `${p}_ticket-1`, `${p}_ticket-2`]);
    });

    it('given a type, an account or a position, then only those events (types and account narrow; from is exclusive)', async () => {
      const created = await collect(store, query({ prefixes: [`${p}_`], types: ['TicketCreated'] }));
      expect(created.map((e) => e.streamName)).to.deep.equal([`${p}_ticket-1`, `${p}_ticket-2`]);
      const globex = await collect(store, query({ prefixes: [`${p}_`], accountId: 'globex' }));
      expect(globex.map((e) => e.type)).to.deep.equal(['CustomerCreated']);
      const all = await collect(store, query({ prefixes: [`${p}_`] }));
      const after = await collect(store, query({ prefixes: [`${p}_`], after: all[1].position }));
      expect(after.map((e) => positionToString(e.position))).to.deep.equal(all.slice(2).map((e) => positionToString(e.position)));
    });

    it('given a position at the head, when not following, then it ends at once with nothing', async () => {
      const all = await collect(store, query({ prefixes: [`${p}_`] }));
      expect(await within(5_000, collect(store, query({ prefixes: [`${p}_`], after: all[all.length - 1].position })))).to.deep.equal([]);
    });

    it('given follow, when events are appended later, then each comes as it is appended, until aborted', async () => {
      // given a follower that has read the stored events
      const abort = new AbortController();
      const seen: RecordedEvent[] = [];
      let notify: () => void = () => undefined;
      const following = (async () => {
        for await (const e of readEventFeed(store, query({ prefixes: [`${p}_`], types: ['TicketCreated'], follow: true }), abort.signal)) {
          seen.push(e);
          notify();
        }
      })();
      const until = (n: number) => within(5_000, new Promise<void>((resolve) => {
        notify = () => seen.length >= n && resolve();
        notify();
      }));
      await until(2);
      // when a ticket is appended
      await store.appendToStream(`${p}_ticket-3`, [event('TicketCreated', { ticketId: '3' }), event('TaskEvaluated', { ticketId: '3' })], { expectedRevision: 'no_stream' });
      // then it is yielded (and the other type is not)
      await until(3);
      expect(seen.map((e) => e.streamName)).to.deep.equal([`${p}_ticket-1`, `${p}_ticket-2`, `${p}_ticket-3`]);
      // and aborting ends the follow
      abort.abort();
      await within(5_000, following);
    });
  });
};

feedSuite('the embedded log (SQLite)', async () => {
  const { engine, cleanup } = await makeSqliteEngine();
  return { store: engine, cleanup };
});

const eventStoreUrl = process.env.EVENTSTORE_URL;
describe('on EventStoreDB (runs only when EVENTSTORE_URL is set)', () => {
  before(function () {
    if (!eventStoreUrl) this.skip();
  });
  feedSuite('EventStoreDB', async () => {
    const store = await EventStoreDbEventStore.connect(eventStoreUrl!);
    return { store, cleanup: () => store.close() };
  });
});
