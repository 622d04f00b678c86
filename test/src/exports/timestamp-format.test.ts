import { expect } from 'chai';
import { isoTimestamp, timestampFormatter } from '@support/domain';

const WINTER = '2026-11-23T07:05:09.000Z';
const SUMMER = '2026-07-01T12:00:00.000Z';

describe('export timestamps: display, legacy and iso in the resolved timezone and locale', () => {
  it('given display, then DD-MM-YY HH:MM:SS in each timezone', () => {
    expect(timestampFormatter({ timezone: 'Asia/Kolkata', locale: 'en-US', timestampFormat: 'display' })(WINTER)).to.equal('23-11-26 12:35:09');
    expect(timestampFormatter({ timezone: 'America/New_York', locale: 'en-US', timestampFormat: 'display' })(WINTER)).to.equal('23-11-26 02:05:09');
  });

  it('given iso, then ISO 8601 with the offset of that moment (DST included)', () => {
    const ny = timestampFormatter({ timezone: 'America/New_York', locale: 'en-US', timestampFormat: 'iso' });
    expect(ny(WINTER)).to.equal('2026-11-23T02:05:09-05:00');
    expect(ny(SUMMER)).to.equal('2026-07-01T08:00:00-04:00');
    expect(timestampFormatter({ timezone: 'Asia/Kolkata', locale: 'en-US', timestampFormat: 'iso' })(WINTER)).to.equal('2026-11-23T12:35:09+05:30');
  });

  it('given legacy, then the locale writes the date and time its own way', () => {
    expect(timestampFormatter({ timezone: 'Asia/Kolkata', locale: 'en-US', timestampFormat: 'legacy' })(WINTER)).to.match(/^11\/23\/2026, 12:35:09\sPM$/);
    expect(timestampFormatter({ timezone: 'Europe/Berlin', locale: 'de-DE', timestampFormat: 'legacy' })(WINTER)).to.equal('23.11.2026, 08:05:09');
  });

  it('given an absent or unreadable timestamp, then a blank cell', () => {
    const f = timestampFormatter({ timezone: 'Asia/Kolkata', locale: 'en-US', timestampFormat: 'display' });
    expect(f(null)).to.equal('');
    expect(f(undefined)).to.equal('');
    expect(f('not a date')).to.equal('');
  });

  it('given CSAT timestamps, then they stay ISO 8601', () => {
    expect(isoTimestamp(WINTER)).to.equal(WINTER);
    expect(isoTimestamp(null)).to.equal('');
  });
});
