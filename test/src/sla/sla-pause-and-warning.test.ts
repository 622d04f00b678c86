import { expect } from 'chai';
import { DateTime } from 'luxon';
import {
  businessClock, DurationClock, plainClock, slaCheckAt, SlaTarget, TicketCommand, TicketCreatedData, ticketDecider, TicketEvent, TicketStatus,
} from '@support/domain';
import { deciderSpecification } from '../support/decider-specification';

const MINUTE = 60_000;
const T0 = Date.parse('2027-01-12T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const ids = { ticketId: 'tk-sla', accountId: 'acme' };

const createdWith = (createdMs: number, slaTargets: SlaTarget[]): TicketEvent => ({
  type: 'TicketCreated',
  data: {
    ...ids, ticketNumber: 1, status: 'open', subject: 'Late parcel', query: 'Where is it?', summary: null, sentiment: null, textProcessing: 'pending',
    orderName: null, source: 'manual', manualSourceLabel: null, customerId: 'cu-1', customer: { name: null, phone: '+14155550100', email: null },
    taskId: null, teamId: null, requestedTaskId: null, createdByUserId: 'u-admin', createdByTokenId: 'tok-admin', createdAt: iso(createdMs), payload: null,
    payloadFormat: null, relatedTicketNumber: null, objectiveValues: {}, images: [], parentTicketId: null, forced: false, slaTargets,
  } as TicketCreatedData,
});
const firstResponse: SlaTarget = { label: 'First Response', metric: 'firstResponse', targetMinutes: 30, dueAt: iso(T0 + 30 * MINUTE) };
const resolution: SlaTarget = { label: 'Resolution', metric: 'resolution', targetMinutes: 60, dueAt: iso(T0 + 60 * MINUTE) };
const on = (target: number, t: SlaTarget) => ({ ...ids, target, label: t.label, metric: t.metric });

const given = deciderSpecification(ticketDecider);
const status = (to: TicketStatus, atMs: number, clock: DurationClock = plainClock): TicketCommand => ({ type: 'ChangeStatus', status: to, byUserId: 'u-agent', at: iso(atMs), slaClock: clock });
const record = (atMs: number): TicketCommand => ({ type: 'RecordSlaOutcomes', at: iso(atMs) });
const slaOf = (events: readonly TicketEvent[]) => events.filter((e) => e.type.startsWith('Sla'));

describe('SLA: the resolution clock pauses while the ticket waits on the customer', () => {
  const created = createdWith(T0, [firstResponse, resolution]);

  it('given a ticket 20 minutes into its 60-minute resolution target, when an agent marks it stale, then the resolution target pauses with 40 minutes left (the first response keeps counting)', () => {
    const events = given(created).when(status('stale', T0 + 20 * MINUTE)).thenEvents();
    expect(slaOf(events)).to.deep.equal([
      { type: 'SlaPaused', data: { ...on(1, resolution), dueAt: resolution.dueAt, pausedAt: iso(T0 + 20 * MINUTE), remainingMs: 40 * MINUTE } },
    ]);
  });

  it('given a paused target, when its old due moment passes, then nothing is breached and the watcher has nothing to look at for it', () => {
    const paused = given(created, ...given(created).when(status('stale', T0 + 20 * MINUTE)).thenEvents());
    expect(slaOf(paused.when(record(T0 + 3 * 60 * MINUTE)).thenEvents()).map((e) => [e.type, (e.data as { target: number }).target])).to.deep.equal([['SlaBreached', 0]]);
    expect(paused.state!.slaTargets![1]).to.include({ dueAt: null, pausedAt: iso(T0 + 20 * MINUTE) });
    expect(slaCheckAt({ ...paused.state!, slaOutcomes: { 0: 'breached' } })).to.equal(null);
  });

  it('given a paused target, when the customer answers and the ticket reopens two hours later, then it resumes due 40 minutes later, and breaches only then', () => {
    const paused = [created, ...given(created).when(status('stale', T0 + 20 * MINUTE)).thenEvents()];
    const resumed = given(...paused).when(status('open', T0 + 120 * MINUTE)).thenEvents();
    expect(slaOf(resumed)).to.deep.equal([
      { type: 'SlaResumed', data: { ...on(1, resolution), pausedAt: iso(T0 + 20 * MINUTE), resumedAt: iso(T0 + 120 * MINUTE), dueAt: iso(T0 + 160 * MINUTE) } },
    ]);
    const after = given(...paused, ...resumed);
    expect(slaOf(after.when(record(T0 + 160 * MINUTE)).thenEvents()).map((e) => e.type)).to.deep.equal(['SlaBreached']); // the first response's, 30 minutes in
    const firstBreached = [...paused, ...resumed, ...after.when(record(T0 + 160 * MINUTE)).thenEvents()];
    given(...firstBreached).when(record(T0 + 160 * MINUTE)).thenNothing();
    const late = slaOf(given(...firstBreached).when(record(T0 + 160 * MINUTE + 1)).thenEvents());
    expect(late.map((e) => [e.type, (e.data as { target: number; dueAt: string }).target, (e.data as { dueAt: string }).dueAt])).to.deep.equal([['SlaBreached', 1, iso(T0 + 160 * MINUTE)]]);
  });

  it('given a paused target, when the ticket is resolved from stale, then it resumes at that moment and is met', () => {
    const paused = [created, ...given(created).when(status('stale', T0 + 20 * MINUTE)).thenEvents()];
    const resolved = given(...paused).when(status('resolved', T0 + 5 * 60 * MINUTE)).thenEvents();
    expect(slaOf(resolved).map((e) => e.type)).to.deep.equal(['SlaResumed']);
    const outcomes = slaOf(given(...paused, ...resolved).when(record(T0 + 5 * 60 * MINUTE)).thenEvents());
    expect(outcomes.map((e) => [e.type, (e.data as { target: number }).target])).to.deep.equal([['SlaBreached', 0], ['SlaMet', 1]]);
  });

  it('given moves between working statuses, then nothing pauses or resumes; marked stale automatically pauses too', () => {
    expect(slaOf(given(created).when(status('in_progress', T0 + MINUTE)).thenEvents())).to.deep.equal([]);
    const working = [created, ...given(created).when(status('in_progress', T0 + MINUTE)).thenEvents()];
    expect(slaOf(given(...working).when(status('queued', T0 + 2 * MINUTE)).thenEvents())).to.deep.equal([]);
    expect(slaOf(given(...working).when(status('stale_marked_automatically', T0 + 30 * MINUTE)).thenEvents()).map((e) => e.type)).to.deep.equal(['SlaPaused']);
  });

  it('given a target already past its due moment, when the ticket is marked stale, then it does not pause (the breach stands)', () => {
    expect(slaOf(given(created).when(status('stale', T0 + 61 * MINUTE)).thenEvents())).to.deep.equal([]);
  });

  it('given opening hours, when a ticket waits on the customer over a weekend, then what was left counts in the opening hours after it returns', () => {
    const BERLIN = 'Europe/Berlin';
    const clock = businessClock({ days: { mon: ['09:00-17:00'], tue: ['09:00-17:00'], wed: ['09:00-17:00'], thu: ['09:00-17:00'], fri: ['09:00-17:00'] } }, BERLIN);
    const at = (local: string) => DateTime.fromISO(local, { zone: BERLIN }).toMillis();
    // given: created Thursday 16:00 with a two-hour resolution target: due Friday 10:00
    const target: SlaTarget = { label: 'Resolution', metric: 'resolution', targetMinutes: 120, dueAt: iso(at('2026-11-27T10:00')) };
    const thursday = createdWith(at('2026-11-26T16:00'), [target]);
    // when: stale Thursday 16:30 (90 opening minutes left), back to open Monday 10:00
    const paused = given(thursday).when(status('stale', at('2026-11-26T16:30'), clock)).thenEvents();
    expect((slaOf(paused)[0].data as { remainingMs: number }).remainingMs).to.equal(90 * MINUTE);
    const resumed = slaOf(given(thursday, ...paused).when(status('open', at('2026-11-30T10:00'), clock)).thenEvents());
    // then: due Monday 11:30
    expect((resumed[0].data as { dueAt: string }).dueAt).to.equal(iso(at('2026-11-30T11:30')));
  });
});

describe('SLA: a target due soon is warned of once, its warning minutes before the due moment', () => {
  const warned: SlaTarget = { ...firstResponse, warningMinutes: 10 };
  const created = createdWith(T0, [warned]);

  it('given a 30-minute target that warns 10 minutes before, then the watcher looks at it at minute 20, and records SlaWarned then, once', () => {
    expect(slaCheckAt(given(created).state!)).to.equal(iso(T0 + 20 * MINUTE));
    given(created).when(record(T0 + 20 * MINUTE - 1)).thenNothing();
    const warning = given(created).when(record(T0 + 20 * MINUTE)).thenEvents();
    expect(warning).to.deep.equal([{ type: 'SlaWarned', data: { ...on(0, warned), dueAt: warned.dueAt, warningMinutes: 10, warnedAt: iso(T0 + 20 * MINUTE) } }]);
    const after = given(created, ...warning);
    after.when(record(T0 + 25 * MINUTE)).thenNothing();
    // and the watcher looks at it next just past its due moment
    expect(slaCheckAt(after.state!)).to.equal(iso(T0 + 30 * MINUTE + 1));
  });

  it('given the metric happened before the warning moment, then no warning is recorded', () => {
    const answered: TicketEvent = { type: 'FirstResponseRecorded', data: { ...ids, respondedAt: iso(T0 + 5 * MINUTE), channel: 'email', agentId: 'u-agent', at: iso(T0 + 5 * MINUTE) } };
    expect(given(created, answered).when(record(T0 + 25 * MINUTE)).thenEvents().map((e) => e.type)).to.deep.equal(['SlaMet']);
  });

  it('given the due moment already passed when the watcher looks (the service was down), then the breach is recorded without a warning', () => {
    expect(given(created).when(record(T0 + 31 * MINUTE)).thenEvents().map((e) => e.type)).to.deep.equal(['SlaBreached']);
  });
});
