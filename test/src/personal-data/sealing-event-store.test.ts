import { expect } from 'chai';
import { join } from 'node:path';
import * as E from 'fp-ts/Either';
import { SqliteDataKeys, SqliteEventStore } from '@support/adapters';
import { ERASED_TEXT, EventData, RecordedEvent, sealedEnvelopeOf } from '@support/domain';
import { SealingEventStore, sealingEventStore } from '@support/event-sourcing';
import { makeTempDir } from '../event-store/sqlite-engine';
import { filesUnder, valuesHeld } from './support/files-holding';

const customerCreated = (id: string, name: string, phone: string): EventData => ({
  id, type: 'CustomerCreated', metadata: { version: 1, accountId: 'acme' },
  data: { customerId: 'c-1', accountId: 'acme', name, phone, email: 'zofia.wisniewska@example.pl', storefrontCustomerId: null, createdAt: '2026-12-07T10:00:00.000Z' },
});
const statusChanged: EventData = { id: '0193a000-0000-7000-8000-000000000003', type: 'TicketStatusChanged', metadata: { version: 1 }, data: { ticketId: 't-1', from: 'open', to: 'resolved' } };

const read = async (store: SealingEventStore | SqliteEventStore, stream: string, asStored = false): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for await (const e of store.readStream(stream, { asStored })) events.push(e);
  return events;
};


describe('personal data: the event store seals each event\'s personal values under a key of its own (embedded engines)', () => {
  let temp: { dir: string; remove(): Promise<void> };
  let log: SqliteEventStore;
  let store: SealingEventStore;
  beforeEach(async () => {
    temp = await makeTempDir();
    log = SqliteEventStore.open({ file: join(temp.dir, 'events.sqlite') });
    store = sealingEventStore(log, SqliteDataKeys.open(join(temp.dir, 'keys.sqlite')));
  });
  afterEach(async () => {
    await store.close();
    await temp.remove();
  });

  it('given an event with personal values appended, then the log holds them only sealed, and a read gives them back in place', async () => {
    // when
    const appended = await store.appendToStream('customer-c-1', [customerCreated('0193a000-0000-7000-8000-000000000001', 'Zofia Wiśniewska', '+48601234567')], { expectedRevision: 'no_stream' });
    // then
    expect(E.isRight(appended)).to.equal(true);
    const [opened] = await read(store, 'customer-c-1');
    expect(opened!.data).to.deep.include({ name: 'Zofia Wiśniewska', phone: '+48601234567', email: 'zofia.wisniewska@example.pl', storefrontCustomerId: null });
    expect(opened!.data).to.not.have.property('$personal');
    const [stored] = await read(log, 'customer-c-1');
    expect(JSON.stringify(stored!.data)).to.not.match(/Zofia|601234567|zofia/);
    expect(sealedEnvelopeOf(stored!.data)!.f).to.deep.equal([['name', 's'], ['phone', 's'], ['email', 's']]);
    const [asStored] = await read(store, 'customer-c-1', true);
    expect(asStored!.data).to.deep.equal(stored!.data);
  });

  it('given an event without personal fields, then it is stored as it is', async () => {
    await store.appendToStream('ticket-t-1', [statusChanged], { expectedRevision: 'any' });
    const [stored] = await read(log, 'ticket-t-1');
    expect(stored!.data).to.deep.equal(statusChanged.data);
  });

  it('given a subscription to the log, then its events come opened, one by one and as a batch taken from its buffer', async () => {
    await store.appendToStreams([
      { streamName: 'customer-c-1', events: [customerCreated('0193a000-0000-7000-8000-000000000001', 'Anna Kowalska', '+48601000001')], expectedRevision: 'no_stream' },
      { streamName: 'customer-c-2', events: [customerCreated('0193a000-0000-7000-8000-000000000002', 'Jan Nowak', '+48601000002')], expectedRevision: 'no_stream' },
    ]);
    // a store of its own (its keys in no memory but the file's), as another process would read the log
    const other = sealingEventStore(SqliteEventStore.open({ file: join(temp.dir, 'events.sqlite') }), SqliteDataKeys.open(join(temp.dir, 'keys.sqlite')));
    try {
      const subscription = other.subscribeToAll({ fromPosition: 'start' });
      const names: unknown[] = [];
      for await (const e of subscription) {
        names.push((e.data as { name: string }).name);
        names.push(...(subscription.takeBuffered?.(10) ?? []).map((b) => (b.data as { name: string }).name));
        if (names.length >= 2) break;
      }
      await subscription.unsubscribe();
      expect(names).to.deep.equal(['Anna Kowalska', 'Jan Nowak']);
    } finally {
      await other.close();
    }
  });

  it('given an event\'s key erased, then every read gives placeholders, the stored text is unchanged, and no file holds the key or the values', async () => {
    // given
    await store.appendToStream('customer-c-1', [customerCreated('0193a000-0000-7000-8000-000000000001', 'Zofia Wiśniewska', '+48601234567')], { expectedRevision: 'no_stream' });
    const [before] = await read(log, 'customer-c-1');
    const envelope = sealedEnvelopeOf(before!.data)!;
    const keys = SqliteDataKeys.open(join(temp.dir, 'keys.sqlite'));
    const key = (await keys.find([envelope.k])).get(envelope.k)!;
    await keys.close();
    // when
    const erased = await store.eraseKeys([envelope.k]);
    // then
    expect(erased).to.equal(1);
    const [opened] = await read(store, 'customer-c-1');
    expect(opened!.data).to.deep.include({ name: ERASED_TEXT, phone: ERASED_TEXT, email: ERASED_TEXT, storefrontCustomerId: null, customerId: 'c-1' });
    const [after] = await read(log, 'customer-c-1');
    expect(after!.data).to.deep.equal(before!.data);
    expect(filesUnder(temp.dir).filter((f) => f.bytes.includes(key)).map((f) => f.path)).to.deep.equal([]);
    expect(valuesHeld(temp.dir, ['Zofia', 'zofia', '601234567'])).to.deep.equal([]);
  });

  it('given a key erased by another process, then this one stops opening its values once the key falls out of its memory', async () => {
    const short = sealingEventStore(SqliteEventStore.open({ file: join(temp.dir, 'events.sqlite') }), SqliteDataKeys.open(join(temp.dir, 'keys.sqlite')), { recentKeysTtlMs: 0 });
    try {
      await short.appendToStream('customer-c-1', [customerCreated('0193a000-0000-7000-8000-000000000001', 'Anna Kowalska', '+48601000001')], { expectedRevision: 'no_stream' });
      const [stored] = await read(log, 'customer-c-1');
      await store.eraseKeys([sealedEnvelopeOf(stored!.data)!.k]);
      const [opened] = await read(short, 'customer-c-1');
      expect((opened!.data as { name: string }).name).to.equal(ERASED_TEXT);
    } finally {
      await short.close();
    }
  });
});
