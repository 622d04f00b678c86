import { expect } from 'chai';
import { uuidV7Generator } from '@support/adapters';
import { exportFileName } from '@support/domain';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The Unix milliseconds an id was made at (its first 48 bits). */
const msOf = (id: string): number => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('ids: UUID version 7 (time-ordered)', () => {
  it('given ids made over time, then each is a version 7 UUID of the RFC 9562 variant holding the millisecond it was made at', () => {
    let clock = Date.UTC(2026, 10, 26, 8, 0, 0, 123);
    const newId = uuidV7Generator(() => clock);
    const first = newId();
    clock += 5_000;
    const later = newId();
    expect(first).to.match(UUID_V7);
    expect(later).to.match(UUID_V7);
    expect(msOf(first)).to.equal(Date.UTC(2026, 10, 26, 8, 0, 0, 123));
    expect(msOf(later)).to.equal(Date.UTC(2026, 10, 26, 8, 0, 5, 123));
  });

  it('given many ids within one millisecond and across several, then they sort in the order they were made, all different', () => {
    let clock = Date.UTC(2026, 10, 26);
    const newId = uuidV7Generator(() => clock);
    const ids: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      if (i % 3_000 === 0) clock += 1;
      ids.push(newId());
    }
    expect([...ids].sort()).to.deep.equal(ids);
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it('given more ids in one millisecond than its counter holds, then the next go on in the following millisecond, still in order', () => {
    const clock = Date.UTC(2026, 10, 26);
    const newId = uuidV7Generator(() => clock);
    const ids = Array.from({ length: 10_000 }, () => newId());
    expect([...ids].sort()).to.deep.equal(ids);
    expect(msOf(ids[ids.length - 1])).to.be.greaterThan(clock);
  });

  it('given a clock stepped back, then ids do not go back with it', () => {
    let clock = Date.UTC(2026, 10, 26, 12);
    const newId = uuidV7Generator(() => clock);
    const before = newId();
    clock -= 60_000;
    const after = newId();
    expect(after > before).to.equal(true);
  });

  it('given the random source, then the bits after the counter are its bytes (62 of them; the variant takes two)', () => {
    const newId = uuidV7Generator(() => 0, (bytes) => void bytes.fill(0xff));
    expect(newId()).to.match(/^00000000-0000-7[0-9a-f]{3}-bfff-ffffffffffff$/);
  });

  it('given two exports started within the same minute, then their file names differ (the name ends with the random end of the job id)', () => {
    const newId = uuidV7Generator();
    const at = new Date(Date.UTC(2026, 10, 26, 10, 15));
    const [a, b] = [newId(), newId()];
    expect(a.slice(0, 8)).to.equal(b.slice(0, 8));
    expect(exportFileName(a, at, 'UTC')).to.match(/^tickets-export-20261126-101500-[0-9a-f]{8}\.csv$/);
    expect(exportFileName(a, at, 'UTC')).to.not.equal(exportFileName(b, at, 'UTC'));
    expect(exportFileName(a, at, 'UTC').endsWith(`${a.slice(-8)}.csv`)).to.equal(true);
  });
});
