import { expect } from 'chai';
import fc from 'fast-check';
import { CanonicalTextEvent, positionToString, RecordedEvent } from '@support/domain';
import { canonicalJson, eventLeafHash, recordedLeafHash, StoredRecord, storedLeafHash } from '@support/event-sourcing';

/** Any event: text with lone surrogates and control characters, numbers of every magnitude, nested data. */
const anyEvent = fc.record({
  position: fc.nat().map((n) => ({ commit: BigInt(n), prepare: BigInt(n) })),
  streamName: fc.string({ unit: 'binary' }),
  revision: fc.nat().map(BigInt),
  id: fc.string({ unit: 'binary' }),
  type: fc.string({ unit: 'binary' }),
  created: fc.date({ min: new Date(0), max: new Date('2100-01-01T00:00:00.000Z'), noInvalidDate: true }),
  data: fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 }),
  metadata: fc.jsonValue({ stringUnit: 'binary', maxDepth: 2 }),
}) as fc.Arbitrary<RecordedEvent>;

/** The record of an event with its data and metadata as text written by `write`. */
const storedAs = (e: RecordedEvent, write: (value: unknown) => string | undefined): StoredRecord => ({
  position: positionToString(e.position), streamName: e.streamName, revision: e.revision.toString(), id: e.id, type: e.type,
  created: e.created.toISOString(), data: write(e.data) ?? 'null', metadata: write(e.metadata) ?? 'null',
});

describe('transparency: the leaf written from an event\'s stored text, without decoding it', () => {
  it('given any event whose data and metadata are stored as canonical text, then the leaf from the text is the event\'s leaf', () => {
    fc.assert(fc.property(anyEvent, (event) => {
      expect(storedLeafHash(storedAs(event, canonicalJson)).equals(eventLeafHash(event))).to.equal(true);
    }), { numRuns: 2_000 });
  });

  it('given data stored as other JSON text (keys out of their sorted order, or spaces), then the leaf from the text is not the event\'s leaf', () => {
    // Keys that are not array indices (those an object enumerates first, in numeric order).
    const keys = fc.uniqueArray(fc.string({ maxLength: 6 }).map((k) => `k${k}`), { minLength: 2, maxLength: 6 });
    fc.assert(fc.property(anyEvent, keys, (event, names) => {
      const unsorted = [...names].sort().reverse();
      const data = Object.fromEntries(unsorted.map((k, i) => [k, i]));
      const withData = { ...event, data };
      expect(storedLeafHash(storedAs(withData, JSON.stringify)).equals(eventLeafHash(withData))).to.equal(false);
      const sortedWithSpaces = (v: unknown) => JSON.stringify(JSON.parse(canonicalJson(v) ?? 'null'), null, 1);
      expect(storedLeafHash(storedAs(withData, sortedWithSpaces)).equals(eventLeafHash(withData))).to.equal(false);
    }), { numRuns: 500 });
  });

  it('given an event that carries its canonical text, then its leaf is written from the text; one without it is hashed the generic way', () => {
    fc.assert(fc.property(anyEvent, (event) => {
      const stored = storedAs(event, canonicalJson);
      const withText: CanonicalTextEvent = { ...event, canonicalData: stored.data, canonicalMetadata: stored.metadata };
      expect(recordedLeafHash(withText).equals(eventLeafHash(event))).to.equal(true);
      expect(recordedLeafHash(event).equals(eventLeafHash(event))).to.equal(true);
      // The text is what is hashed, not the decoded data beside it.
      const other: CanonicalTextEvent = { ...withText, canonicalData: canonicalJson({ other: stored.data }) as string };
      expect(recordedLeafHash(other).equals(eventLeafHash(event))).to.equal(false);
    }), { numRuns: 500 });
  });
});
