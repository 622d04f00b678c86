import { expect } from 'chai';
import { storedTimestamp } from '@support/domain';

/** What storedTimestamp gave before its fast path: always a Date round trip. */
const roundTrip = (value: unknown): string | null => {
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

describe('storedTimestamp: an event timestamp in the stored form', () => {
  it('given a timestamp already in toISOString form, when normalised, then it comes back as it is', () => {
    expect(storedTimestamp('2026-11-25T10:23:45.123Z')).to.equal('2026-11-25T10:23:45.123Z');
    expect(storedTimestamp('2024-02-29T23:59:59.999Z')).to.equal('2024-02-29T23:59:59.999Z');
    expect(storedTimestamp('0000-01-01T00:00:00.000Z')).to.equal('0000-01-01T00:00:00.000Z');
  });

  it('given days and times a calendar does not have, when normalised, then they roll over as a Date reads them, or are refused', () => {
    expect(storedTimestamp('2026-02-29T00:00:00.000Z')).to.equal('2026-03-01T00:00:00.000Z');
    expect(storedTimestamp('2026-04-31T12:00:00.000Z')).to.equal('2026-05-01T12:00:00.000Z');
    expect(storedTimestamp('2026-01-01T24:00:00.000Z')).to.equal('2026-01-02T00:00:00.000Z');
    expect(storedTimestamp('2026-13-01T00:00:00.000Z')).to.equal(null);
    expect(storedTimestamp('2026-01-01T23:60:00.000Z')).to.equal(null);
  });

  it('given other ISO forms, a Date or something else, when normalised, then they read as a Date reads them', () => {
    expect(storedTimestamp('2026-11-25T12:23:45.123+02:00')).to.equal('2026-11-25T10:23:45.123Z');
    expect(storedTimestamp('2026-11-25')).to.equal('2026-11-25T00:00:00.000Z');
    expect(storedTimestamp(new Date(Date.UTC(2026, 10, 25)))).to.equal('2026-11-25T00:00:00.000Z');
    expect(storedTimestamp('yesterday')).to.equal(null);
    expect(storedTimestamp(1732530225123)).to.equal(null);
    expect(storedTimestamp(undefined)).to.equal(null);
  });

  it('given every day of four years (a leap year, a century and 2000) at edge times, when normalised, then each equals the Date round trip', () => {
    const mismatches: string[] = [];
    for (const year of [1900, 2000, 2024, 2026]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          for (const time of ['00:00:00.000', '23:59:59.999', '24:00:00.000', '12:60:00.000', '12:00:60.000', '1a:00:00.000']) {
            const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${time}Z`;
            if (storedTimestamp(text) !== roundTrip(text)) mismatches.push(text);
          }
        }
      }
    }
    expect(mismatches).to.deep.equal([]);
  });
});
