import { expect } from 'chai';
import { DateTime } from 'luxon';
import { businessClock, durationClock, hoursMinutes, OpeningHours, plainClock } from '@support/domain';

const ACME_HOURS: OpeningHours = {
  days: { mon: ['09:00-18:00'], tue: ['09:00-18:00'], wed: ['09:00-18:00'], thu: ['09:00-18:00'], fri: ['09:00-13:00', '14:00-18:00'], sat: [], sun: [] },
  holidays: ['2026-12-25'],
};
const at = (local: string, zone = 'Asia/Kolkata') => DateTime.fromISO(local, { zone }).toMillis();
const HOUR = 3_600_000;

describe('export durations: the business-hours clock (opening hours, closed days, holidays, midnight, DST)', () => {
  const clock = businessClock(ACME_HOURS, 'Asia/Kolkata');

  it('given a span over a weekend, then only the opening hours of Friday and Monday count', () => {
    // Fri 2026-11-27 17:00 → Mon 2026-11-30 10:00: Friday 17-18, Monday 9-10
    expect(clock.elapsedMs(at('2026-11-27T17:00'), at('2026-11-30T10:00'))).to.equal(2 * HOUR);
  });

  it('given a span over a holiday and the weekend after it, then the holiday counts nothing', () => {
    // Thu 2026-12-24 17:00 → Mon 2026-12-28 10:00: Thursday 17-18; Friday the 25th is a holiday
    expect(clock.elapsedMs(at('2026-12-24T17:00'), at('2026-12-28T10:00'))).to.equal(2 * HOUR);
  });

  it('given a day with two windows, then the gap between them does not count', () => {
    expect(clock.elapsedMs(at('2026-11-27T12:00'), at('2026-11-27T15:00'))).to.equal(2 * HOUR);
  });

  it('given a start outside opening hours, then counting starts at the next opening', () => {
    expect(clock.elapsedMs(at('2026-11-28T10:00'), at('2026-11-30T09:30'))).to.equal(0.5 * HOUR);
    expect(hoursMinutes(clock.elapsedMs(at('2026-11-23T08:00'), at('2026-11-24T09:07')))).to.equal('09:07');
  });

  it('given an end before the start, then nothing', () => {
    expect(clock.elapsedMs(at('2026-11-24T10:00'), at('2026-11-24T09:00'))).to.equal(0);
  });

  it('given windows that meet at midnight (22:00-24:00 then 00:00-02:00), then a span across midnight counts both sides', () => {
    const night = businessClock({ days: { mon: ['22:00-24:00'], tue: ['00:00-02:00'] } }, 'Europe/Berlin');
    expect(night.elapsedMs(at('2026-11-23T23:00', 'Europe/Berlin'), at('2026-11-24T01:00', 'Europe/Berlin'))).to.equal(2 * HOUR);
  });

  it('given a window that runs past midnight (22:00-02:00), then it belongs to the day it opens on', () => {
    const night = businessClock({ days: { mon: ['22:00-02:00'] } }, 'Europe/Berlin');
    expect(night.elapsedMs(at('2026-11-23T23:00', 'Europe/Berlin'), at('2026-11-24T01:30', 'Europe/Berlin'))).to.equal(2.5 * HOUR);
    // Tuesday has no window of its own: Tuesday 22:00-23:00 counts nothing
    expect(night.elapsedMs(at('2026-11-24T22:00', 'Europe/Berlin'), at('2026-11-24T23:00', 'Europe/Berlin'))).to.equal(0);
  });

  it('given the spring DST change, then a 01:00-04:00 window is two real hours long', () => {
    const ny = businessClock({ days: { sun: ['01:00-04:00'] } }, 'America/New_York');
    expect(ny.elapsedMs(at('2026-03-08T00:00', 'America/New_York'), at('2026-03-09T00:00', 'America/New_York'))).to.equal(2 * HOUR);
  });

  it('given the autumn DST change, then a day open around the clock is 25 hours long', () => {
    const ny = businessClock({ days: { sun: ['00:00-24:00'] } }, 'America/New_York');
    expect(ny.elapsedMs(at('2026-10-31T12:00', 'America/New_York'), at('2026-11-02T12:00', 'America/New_York'))).to.equal(25 * HOUR);
  });

  it('given no opening hours, then durations are plain elapsed time', () => {
    expect(durationClock(undefined, 'Asia/Kolkata')).to.equal(plainClock);
    expect(plainClock.elapsedMs(at('2026-11-27T17:00'), at('2026-11-30T10:00'))).to.equal(65 * HOUR);
    expect(hoursMinutes(65 * HOUR + 59_999)).to.equal('65:00');
  });
});
