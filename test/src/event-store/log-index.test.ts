import { expect } from 'chai';
import { LogIndex } from '@support/adapters/dist/event-store/embedded/log-index';

/** Appends `records` over a few long streams and many short ones, as a log of tickets holds them. */
const recordsOf = (count: number): { stream: string; id: string; size: number }[] =>
  Array.from({ length: count }, (_, p) => ({
    stream: p % 5 === 0 ? 'ticket-numbers' : p % 3 === 0 ? `customer-${p % 17}` : `ticket-${Math.floor(p / 4)}`,
    id: `event-${p}`,
    size: 100 + (p % 7),
  }));

/** Every stream's length and every revision's position, and what the index answers past the end. */
const contentOf = (index: LogIndex, streams: readonly string[]) =>
  streams.map((stream) => {
    const length = index.streamLength(stream);
    return { stream, length, positions: Array.from({ length }, (_, r) => index.positionOf(stream, r)) };
  });

describe('embedded log: the in-memory log index made from a persisted image', () => {
  it('given an index made from the image of part of a log, when the rest of the log is added, then every stream, revision, offset and id hash is what an index made record by record answers', () => {
    // given
    const records = recordsOf(5_000);
    const whole = new LogIndex(0);
    for (const r of records) whole.add(r.stream, r.id, r.size);
    for (const cut of [1, 7, 2_500, 5_000]) {
      const fromImage = LogIndex.fromImage(whole.image(cut)) as LogIndex;
      // when
      for (const r of records.slice(cut)) fromImage.add(r.stream, r.id, r.size);
      // then
      const streams = [...new Set(records.map((r) => r.stream)), 'ticket-never'];
      expect(contentOf(fromImage, streams), `cut at ${cut}`).to.deep.equal(contentOf(whole, streams));
      expect(fromImage.count).to.equal(whole.count);
      expect(fromImage.endOffset).to.equal(whole.endOffset);
      for (let p = 0; p < records.length; p += 97) {
        expect([fromImage.offsetOf(p), fromImage.idHashAt(p), fromImage.streamAt(p)]).to.deep.equal([whole.offsetOf(p), whole.idHashAt(p), whole.streamAt(p)]);
      }
      expect(fromImage.image(records.length)).to.deep.equal(whole.image(records.length));
    }
  });

  it('given an index made from an image, when asked for a revision a stream does not have (past its end, negative, not whole), then it refuses, before and after the image', () => {
    // given
    const index = new LogIndex(0);
    for (const r of recordsOf(40)) index.add(r.stream, r.id, r.size);
    const fromImage = LogIndex.fromImage(index.image(40)) as LogIndex;
    fromImage.add('ticket-0', 'event-40', 100);
    const length = fromImage.streamLength('ticket-0');
    // when / then
    for (const revision of [length, -1, 0.5, Number.NaN]) {
      expect(() => fromImage.positionOf('ticket-0', revision), `revision ${revision}`).to.throw(RangeError);
    }
    expect(() => fromImage.positionOf('ticket-never', 0)).to.throw(RangeError);
    expect(fromImage.positionOf('ticket-0', length - 1)).to.equal(40);
  });
});
