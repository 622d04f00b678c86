import { expect } from 'chai';
import { ERASED_TEXT, EventData, EventStore, PersonalDataKeys, RecordedEvent, sealedEnvelopeOf } from '@support/domain';
import { sealingEventStore } from '@support/event-sourcing';

/** An engine pair under test: a key store (and a second one over the same storage, as another process), and an event store to seal into. */
export interface SealedLogUnderTest {
  readonly keys: PersonalDataKeys;
  /** Another key store over the same storage (another process). */
  readonly keysBeside: () => PersonalDataKeys;
  readonly log: EventStore;
  cleanup(): Promise<void>;
}

const read = async (store: EventStore, stream: string, asStored = false): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for await (const e of store.readStream(stream, { asStored })) events.push(e);
  return events;
};

let streams = 0;
const customerCreated = (name: string, phone: string): EventData => ({
  id: crypto.randomUUID(), type: 'CustomerCreated', metadata: { version: 1, accountId: 'acme' },
  data: { customerId: 'c-contract', accountId: 'acme', name, phone, email: null, storefrontCustomerId: null, createdAt: '2026-12-08T10:00:00.000Z' },
});

/**
 * The key store's port and what the log holds once sealed, written once and run over every pair of
 * engines available: the embedded SQLite files always, MongoDB's key collection and EventStoreDB's
 * log where a server runs. No engine ever holds a sealed value in the clear, and an erased key is
 * gone for every process.
 */
export function sealedLogContract(name: string, make: () => Promise<SealedLogUnderTest>, skip?: string): void {
  describe(`personal data keys and the sealed log: ${name}`, function () {
    this.timeout(30_000);
    let under: SealedLogUnderTest;
    before(function () {
      if (skip !== undefined) this.skip();
    });
    beforeEach(async () => {
      under = await make();
    });
    afterEach(async () => under?.cleanup());

    it('given keys taken, then each is fresh (its own id, 32 bytes) and another process finds them', async () => {
      const taken = await Promise.all(Array.from({ length: 5 }, () => under.keys.take()));
      expect(new Set(taken.map((k) => k.id)).size).to.equal(5);
      for (const k of taken) expect(k.key.length).to.equal(32);
      const beside = under.keysBeside();
      try {
        const found = await beside.find(taken.map((k) => k.id));
        expect([...found.keys()].sort()).to.deep.equal(taken.map((k) => k.id).sort());
        for (const k of taken) expect(found.get(k.id)!.equals(k.key)).to.equal(true);
      } finally {
        await beside.close();
      }
    });

    it('given keys erased, then no process finds them, and erasing them again erases nothing', async () => {
      const [kept, erased] = [await under.keys.take(), await under.keys.take()];
      expect(await under.keys.erase([erased.id])).to.equal(1);
      const beside = under.keysBeside();
      try {
        const found = await beside.find([kept.id, erased.id]);
        expect([...found.keys()]).to.deep.equal([kept.id]);
      } finally {
        await beside.close();
      }
      expect(await under.keys.erase([erased.id])).to.equal(0);
    });

    it('given an event with personal values appended through the sealing store, then the log holds none of them; once its key is erased, reads give placeholders and the stored event is unchanged', async () => {
      // given
      const store = sealingEventStore(under.log, under.keys);
      const stream = `customer-contract-${Date.now().toString(36)}-${++streams}`;
      await store.appendToStream(stream, [customerCreated('Wilhelmina Contractova', '+14155550155')], { expectedRevision: 'no_stream' });
      const [stored] = await read(under.log, stream);
      expect(JSON.stringify(stored!.data)).to.not.match(/Wilhelmina|Contractova|4155550155/);
      expect((await read(store, stream))[0]!.data).to.deep.include({ name: 'Wilhelmina Contractova' });
      // when
      await store.eraseKeys([sealedEnvelopeOf(stored!.data)!.k]);
      // then
      expect((await read(store, stream))[0]!.data).to.deep.include({ name: ERASED_TEXT, phone: ERASED_TEXT });
      expect((await read(under.log, stream))[0]!.data).to.deep.equal(stored!.data);
    });
  });
}
