import { EventStoreDbEventStore } from '@support/adapters/dist/distributed';
import { makeSqliteEngine } from '../event-store/sqlite-engine';
import { eventStoreContract } from './event-store.contract';

eventStoreContract('SqliteEventStore', makeSqliteEngine);

const eventStoreUrl = process.env.EVENTSTORE_URL;

describe('on EventStoreDB (runs only when EVENTSTORE_URL is set, e.g. esdb://localhost:2113?tls=false)', function () {
  this.timeout(30_000);

  before(function () {
    if (!eventStoreUrl) this.skip();
  });

  eventStoreContract('EventStoreDbEventStore', async () => {
    if (!eventStoreUrl) throw new Error('EVENTSTORE_URL is not set');
    const engine = EventStoreDbEventStore.connect(eventStoreUrl);
    return { engine, cleanup: () => engine.close() };
  });
});
