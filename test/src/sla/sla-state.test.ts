import { expect } from 'chai';
import { DateTime } from 'luxon';
import { businessClock, dueMoment, DurationClock, OpeningHours, plainClock, SlaPolicy, slaState } from '@support/domain';

const BERLIN = 'Europe/Berlin';
const HOURS: OpeningHours = {
  days: { mon: ['09:00-17:00'], tue: ['09:00-17:00'], wed: ['09:00-17:00'], thu: ['09:00-17:00'], fri: ['09:00-12:00', '13:00-17:00'], sat: ['22:00-02:00'] },
  holidays: ['2026-12-25'],
};
const at = (local: string) => DateTime.fromISO(local, { zone: BERLIN }).toMillis();
const local = (ms: number | null) => (ms === null ? null : DateTime.fromMillis(ms, { zone: BERLIN }).toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS"));
const MINUTE = 60_000;
const firstResponse = (targetMinutes: number): SlaPolicy => ({ label: 'First reply', metric: 'firstResponse', targetMinutes } as SlaPolicy);

/** A small deterministic generator (the same cases every run). */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe('SLA: one computation of due moments and states', () => {
  const clock = businessClock(HOURS, BERLIN);

  it('given opening hours, when a target runs past closing, then it is due in the next opening hours', () => {
    // Friday 16:30 + 60 minutes: 30 minutes on Friday, 30 in the Saturday night window
    expect(local(dueMoment(clock, at('2026-11-27T16:30'), 60 * MINUTE))).to.equal('2026-11-28T22:30:00.000');
    // Thursday 16:30 + 60 minutes: 30 minutes on Thursday, 30 on Friday
    expect(local(dueMoment(clock, at('2026-11-26T16:30'), 60 * MINUTE))).to.equal('2026-11-27T09:30:00.000');
    // Friday 11:30 + 60 minutes: the lunch gap does not count
    expect(local(dueMoment(clock, at('2026-11-27T11:30'), 60 * MINUTE))).to.equal('2026-11-27T13:30:00.000');
  });

  it('given a holiday, when a target runs into it, then the holiday counts nothing', () => {
    // Thursday 24 December 16:00 + 2 hours: 1 hour on Thursday, Friday the 25th is a holiday, the Saturday night window counts 1 hour from 22:00
    expect(local(dueMoment(clock, at('2026-12-24T16:00'), 120 * MINUTE))).to.equal('2026-12-26T23:00:00.000');
  });

  it('given a DST change inside a window past midnight, when a target runs through it, then the hours count as they were lived', () => {
    const utc = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    // Saturday 24 October 2026 22:00 CEST → 02:00 CET (clocks go back at 03:00 CEST on Sunday, inside the window): 5 hours lived
    expect(utc(dueMoment(clock, at('2026-10-24T22:00'), 240 * MINUTE))).to.equal('2026-10-25T00:00:00.000Z');
    expect(utc(dueMoment(clock, at('2026-10-24T22:00'), 299 * MINUTE))).to.equal('2026-10-25T00:59:00.000Z');
    // 5 hours reached as the window closes: due when Monday opens
    expect(utc(dueMoment(clock, at('2026-10-24T22:00'), 300 * MINUTE))).to.equal('2026-10-26T08:00:00.000Z');
    expect(local(dueMoment(clock, at('2026-10-24T22:00'), 301 * MINUTE))).to.equal('2026-10-26T09:01:00.000');
  });

  it('given a target reached exactly as a window closes, then it is due when the next window opens (nothing counts in between)', () => {
    expect(local(dueMoment(clock, at('2026-11-26T16:00'), 60 * MINUTE))).to.equal('2026-11-27T09:00:00.000');
  });

  it('given no opening hours, then a target is due its minutes after creation', () => {
    expect(dueMoment(plainClock, 1_000, 30 * MINUTE)).to.equal(1_000 + 30 * MINUTE);
  });

  it('given opening hours with no window at all, then a target never comes due and stays pending', () => {
    const closed = businessClock({ days: {} }, BERLIN);
    expect(dueMoment(closed, at('2026-11-27T10:00'), MINUTE)).to.equal(null);
    expect(slaState(firstResponse(1), { created: at('2026-11-27T10:00'), firstResponse: null, resolved: null }, closed, at('2027-11-27T10:00'))).to.equal('pending');
  });

  for (const [name, c] of [['opening hours across a holiday and DST changes', clock], ['no opening hours', plainClock]] as const) {
    it(`given many tickets on ${name}, then the state says met or pending exactly up to the due moment, and breached after it`, () => {
      const next = random(42);
      const from = at('2026-03-20T00:00');
      for (let i = 0; i < 400; i++) {
        // given: a creation within nine months around both DST changes and the holiday, a target of up to two days
        const created = from + Math.floor(next() * 280 * 24 * 60) * MINUTE + Math.floor(next() * MINUTE);
        const policy = firstResponse(1 + Math.floor(next() * 48 * 60));
        const due = dueMoment(c as DurationClock, created, policy.targetMinutes * MINUTE);
        expect(due, `case ${i}`).to.be.a('number');
        // when: the metric happens, or the clock is read, just before, at and after the due moment
        for (const moment of [due! - 1, due!, due! + 1]) {
          const expected = moment <= due! ? 'met' : 'breached';
          // then
          expect(slaState(policy, { created, firstResponse: moment, resolved: null }, c, moment), `case ${i} happened at ${local(moment)}`).to.equal(expected);
          expect(slaState(policy, { created, firstResponse: null, resolved: null }, c, moment), `case ${i} read at ${local(moment)}`).to.equal(expected === 'met' ? 'pending' : 'breached');
        }
      }
    });
  }
});
