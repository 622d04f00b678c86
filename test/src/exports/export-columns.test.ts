import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { Account, decodeAccountConfig, exportColumns, ExportFormatOptions, FIXED_COLUMN_NAMES, TRAILING_COLUMN_NAMES } from '@support/domain';
import { exampleConfig } from '../support/example-config';
import { family, ist, LIFECYCLE_TICKETS } from './support/lifecycle-tickets';
import { SeedTicket } from './support/seed-tickets';

const acme = (): Account => {
  const decoded = decodeAccountConfig(exampleConfig());
  if (E.isLeft(decoded)) throw new Error('example config does not decode');
  return decoded.right.account('acme')!;
};
const DISPLAY_IST: ExportFormatOptions = { timezone: 'Asia/Kolkata', locale: 'en-US', timestampFormat: 'display' };

const cellsOf = (ticket: SeedTicket, options: { now?: string; objectiveParams?: string[]; account?: Account } = {}): Record<string, string> => {
  const columns = exportColumns({ account: options.account ?? acme(), format: DISPLAY_IST, now: new Date(options.now ?? ist('2026-12-31T12:00')), objectiveParams: options.objectiveParams ?? [] });
  const row = columns.row({ createdAt: ist('2026-11-23T09:00'), status: 'open', ...ticket });
  return Object.fromEntries(columns.header.map((h, i) => [h, row[i]]));
};
const byId = (id: string) => LIFECYCLE_TICKETS.find((t) => t._id === id)!;

describe('export columns (docs/api/exports.md, The file)', () => {
  it('given the acme account, then the header has the groups in the spec order, one SLA column per policy with suffixes, and active dispositions only', () => {
    const columns = exportColumns({ account: acme(), format: DISPLAY_IST, now: new Date(), objectiveParams: ['refund_reason', 'delivery_state'] });
    expect(columns.header).to.deep.equal([
      ...FIXED_COLUMN_NAMES,
      'SLA: First Response', 'SLA: Resolution', 'SLA: Resolution 2',
      'Objective: refund_reason', 'Objective: delivery_state',
      ...TRAILING_COLUMN_NAMES,
      'Disposition: Category', 'Disposition: Subcategory', 'Disposition: Refund Reason',
    ]);
    expect(FIXED_COLUMN_NAMES.slice(0, 3)).to.deep.equal(['Ticket Number', 'Ticket Type', 'Child Ticket Param']);
    expect(TRAILING_COLUMN_NAMES).to.deep.equal(['Additional Data', 'CSAT Status', 'CSAT Rating', 'CSAT Comment', 'CSAT Sent At', 'CSAT Submitted At', 'Category', 'Subcategory']);
  });

  describe('FCR (legacy calculation, parent rows only)', () => {
    const cases: [string, string][] = [
      ['fcr-voice-yes', 'Yes'], // one incoming call, terminal; outgoing call and agent-only confirmation email add no channel
      ['fcr-email-yes', 'Yes'], // two customer emails, one agent email
      ['fcr-two-channels', 'No'], // email and voice: more than one customer-contact channel
      ['fcr-open', 'No'], // not terminal
      ['fcr-three-emails', 'No'], // more than two customer emails
      ['fcr-chat-only', ''], // only an unsupported channel
      ['fcr-child', ''], // child row
    ];
    for (const [id, expected] of cases) {
      it(`given ${id}, then FCR is "${expected}"`, () => expect(cellsOf(byId(id)).FCR).to.equal(expected));
    }
    it('given two incoming calls, or two agent emails, then No; given a parent without family metrics, then blank', () => {
      expect(cellsOf({ _id: 'x', status: 'closed', family: family({ channels: ['voiceCall'], incomingCallIds: ['a', 'b'] }) }).FCR).to.equal('No');
      expect(cellsOf({ _id: 'x', status: 'closed', family: family({ channels: ['email'], customerEmailMessageIds: ['m'], agentEmailMessageIds: ['a', 'b'] }) }).FCR).to.equal('No');
      expect(cellsOf({ _id: 'x', status: 'closed', family: family({ channels: ['voiceCall', 'manual'], incomingCallIds: ['a'] }) }).FCR).to.equal('No');
      expect(cellsOf({ _id: 'x', status: 'closed' }).FCR).to.equal('');
    });
  });

  describe('Voice FCR', () => {
    it('given a resolved_on_call decision, no later contact, no delegated child work and a resolved family, then Yes with reason and time', () => {
      const c = cellsOf(byId('fcr-voice-yes'));
      expect(c['Voice FCR']).to.equal('Yes');
      expect(c['Voice FCR Reason']).to.equal('resolved_on_call');
      expect(c['Voice FCR Evaluated At']).to.equal('27-11-26 17:40:00');
    });
    it('given a later inbound contact, or delegated child work, then No', () => {
      expect(cellsOf(byId('fcr-two-channels'))['Voice FCR']).to.equal('No');
      expect(cellsOf(byId('voice-delegated'))['Voice FCR']).to.equal('No');
    });
    it('given an incoming call without a stored decision, then Unknown', () => expect(cellsOf(byId('voice-unknown'))['Voice FCR']).to.equal('Unknown'));
    it('given no incoming call, or a child row, then blank', () => {
      expect(cellsOf(byId('fcr-email-yes'))['Voice FCR']).to.equal('');
      expect(cellsOf(byId('fcr-child'))['Voice FCR']).to.equal('');
    });
    it('given an unresolved decision, then No', () => {
      expect(cellsOf({ ...byId('fcr-voice-yes'), voiceFcr: { callId: 'c1', outcome: 'unresolved', reason: 'customer_still_waiting', evaluatedAt: ist('2026-11-27T17:40'), laterInboundContact: false } })['Voice FCR']).to.equal('No');
    });
  });

  describe('durations on the business-hours clock', () => {
    it('given a ticket over a weekend, then Response Time, First Response Time (minutes) and Resolution Time count opening hours only', () => {
      const c = cellsOf(byId('fcr-voice-yes'));
      expect(c['Response Time']).to.equal('00:30');
      expect(c['First Response Time (minutes)']).to.equal('30');
      expect(c['Resolution Time']).to.equal('02:00'); // Fri 17-18, Mon 9-10
    });
    it('given a ticket over a holiday, then the holiday does not count', () => {
      const c = cellsOf(byId('fcr-email-yes'));
      expect(c['Response Time']).to.equal('02:00'); // Thu 24th 17-18, Fri 25th holiday, Mon 28th 9-10
      expect(c['Resolution Time']).to.equal('03:00');
    });
    it('given an account without opening hours, then plain elapsed time', () => {
      const account = { ...acme(), openingHours: undefined };
      expect(cellsOf(byId('fcr-voice-yes'), { account })['Resolution Time']).to.equal('65:00');
    });
    it('given response waits, then Total and Latest Response Time sum and take the last wait', () => {
      const c = cellsOf({ _id: 'w', responseWaits: [{ from: ist('2026-11-23T09:00'), to: ist('2026-11-23T09:10') }, { from: ist('2026-11-23T17:50'), to: ist('2026-11-24T09:20') }] });
      expect(c['Total Response Time (minutes)']).to.equal('40');
      expect(c['Latest Response Time']).to.equal('00:30');
    });
  });

  describe('SLA', () => {
    it('given a first response within the target, then Met; after it, Breached', () => {
      expect(cellsOf(byId('fcr-voice-yes'))['SLA: First Response']).to.equal('Met');
      expect(cellsOf(byId('sla-breached'))['SLA: First Response']).to.equal('Breached');
    });
    it('given no resolution yet, then Pending before the target moment and Breached after it', () => {
      const t = byId('sla-breached'); // created Fri 20th 09:00; by Mon 23rd 09:30, 8.5 business hours passed
      const c = cellsOf(t, { now: ist('2026-11-23T09:30') });
      expect(c['SLA: Resolution']).to.equal('Pending');
      expect(c['SLA: Resolution 2']).to.equal('Pending');
      expect(cellsOf(t, { now: ist('2026-11-27T09:30') })['SLA: Resolution']).to.equal('Breached');
      expect(cellsOf({ _id: 'p', createdAt: ist('2026-11-23T09:00') }, { now: ist('2026-11-23T09:30') })['SLA: First Response']).to.equal('Pending');
    });
  });

  describe('the other columns', () => {
    it('given a manual ticket, then Source is its label, else Manual', () => {
      expect(cellsOf({ _id: 'm', source: 'manual', manualSourceLabel: 'Walk-In' }).Source).to.equal('Walk-In');
      expect(cellsOf({ _id: 'm', source: 'manual', manualSourceLabel: null }).Source).to.equal('Manual');
      expect(cellsOf({ _id: 'm', source: 'email' }).Source).to.equal('email');
    });
    it('given family totals, then they fill parent rows only, and Voice Calls adds incoming and outgoing', () => {
      const parent = cellsOf(byId('fcr-voice-yes'));
      expect(parent['Incoming Calls']).to.equal('1');
      expect(parent['Outgoing Calls']).to.equal('1');
      expect(parent['Voice Calls']).to.equal('2');
      expect(parent['Agent Email Messages']).to.equal('1');
      expect(cellsOf(byId('fcr-chat-only'))['Chat Interactions']).to.equal('2');
      const child = cellsOf({ ...byId('fcr-child'), family: family({ incomingCallIds: ['c'] }) });
      expect(child['Incoming Calls']).to.equal('');
      expect(child['Voice Calls']).to.equal('');
    });
    it('given objectives and a payload, then Objective columns, and Additional Data without objectives, summary and emailClient', () => {
      const c = cellsOf(
        { _id: 'o', objectives: { refund_reason: 'broken', window_open: true }, payload: JSON.stringify({ kiosk: 'K-4', delivery_state: 'late', summary: 's', emailClient: 'gmail', refund_reason: 'x' }) },
        { objectiveParams: ['refund_reason', 'delivery_state', 'window_open'] },
      );
      expect(c['Objective: refund_reason']).to.equal('broken');
      expect(c['Objective: delivery_state']).to.equal('late');
      expect(c['Objective: window_open']).to.equal('true');
      expect(c['Additional Data']).to.equal('{"kiosk":"K-4"}');
      expect(c['Email Client']).to.equal('gmail');
      expect(c).to.not.have.property('Objective: kiosk');
    });
    it('given dispositions and CSAT, then their columns; CSAT times stay ISO', () => {
      const c = cellsOf({
        _id: 'd', category: 'Refund', subcategory: 'Damaged', dispositions: { 'Refund Reason': 'Broken in transit' },
        csat: { rating: 4, comment: 'ok' }, csatStatus: 'submitted', csatSentAt: '2026-11-23T10:00:00.000Z', csatSubmittedAt: '2026-11-23T11:00:00.000Z',
      });
      expect([c.Category, c.Subcategory, c['Disposition: Category'], c['Disposition: Subcategory'], c['Disposition: Refund Reason']])
        .to.deep.equal(['Refund', 'Damaged', 'Refund', 'Damaged', 'Broken in transit']);
      expect([c['CSAT Status'], c['CSAT Rating'], c['CSAT Comment'], c['CSAT Sent At'], c['CSAT Submitted At']])
        .to.deep.equal(['Submitted', '4', 'ok', '2026-11-23T10:00:00.000Z', '2026-11-23T11:00:00.000Z']);
    });
    it('given assignment and task fields, then names from the account configuration', () => {
      const c = cellsOf({
        _id: 'a', assignedToId: 'u-agent', assignedById: 'u-admin', involvedAgentIds: ['u-agent', 'u-agent2'], resolvedBy: 'agent', resolvedByUserId: 'u-agent',
        taskPath: ['task-refund', 'task-cancelled'], taskId: 'task-cancelled', taskTeamId: 'team-care', actions: [{ actionKey: 'notify_warehouse', status: 'succeeded' }],
        assignedAt: ist('2026-11-23T10:00'),
      });
      expect(c['Assigned To']).to.equal('Ben Okafor');
      expect(c['Assigned By']).to.equal('Asha Rao');
      expect(c['Involved Agents']).to.equal('Ben Okafor, Chen Li');
      expect(c['Has Involved Agent']).to.equal('Yes');
      expect(c['Resolved By']).to.equal('Ben Okafor');
      expect(c['Task Names']).to.equal('Refund Request, Cancelled Order Follow-up');
      expect(c.Team).to.equal('Customer Care');
      expect(c.Actions).to.equal('notify_warehouse (succeeded)');
      expect(c['Assigned At']).to.equal('23-11-26 10:00:00');
    });
    it('given an older ticket without lifecycle fields, then those cells are blank', () => {
      const c = cellsOf({ _id: 'old', status: 'open', source: 'manual' });
      for (const name of ['Ticket Type', 'Resolution', 'Response Time', 'First Response Timestamp', 'Queued Time', 'Resolved By', 'FCR', 'Voice FCR', 'Auto Resolved', 'CSAT Status']) {
        expect(c[name], name).to.equal('');
      }
      expect(c['Has Involved Agent']).to.equal('No');
    });
    it('given a status history, then Queued Time is the time spent queued', () => {
      const c = cellsOf({ _id: 'q', statusHistory: [{ status: 'open', at: ist('2026-11-23T09:00') }, { status: 'queued', at: ist('2026-11-23T09:05') }, { status: 'assigned', at: ist('2026-11-23T10:35') }] });
      expect(c['Queued Time']).to.equal('01:30');
    });
  });

  describe('records (what the CSV file holds)', () => {
    /** RFC 4180 field quoting, written out plainly. */
    const quote = (c: string): string => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
    const tricky: SeedTicket = {
      _id: 'tricky', ticketNumber: 7, summary: 'Refund, "urgent"\r\nsecond line', orderName: '#1,2', customerName: 'Doe, "Jo"', customerPhones: ['+1 (415), 555'],
      resolution: 'a\rb', category: 'Refund, partial', payload: JSON.stringify({ note: 'x,"y"\n', emailClient: 'Mail, Inc.' }), actions: [{ actionKey: 'a', status: 'b' }, { actionKey: 'c', status: 'd' }],
      csat: { rating: 4, comment: 'fine, "thanks"\n' }, csatStatus: 'submitted', resolvedAt: ist('2026-11-24T10:00'), firstResponseAt: ist('2026-11-23T09:30'),
    };
    for (const format of ['display', 'iso', 'legacy'] as const) {
      it(`given tickets whose texts hold commas, quotes and line breaks, when written as records in the ${format} format, then each record is its row's cells, each quoted as RFC 4180 asks, joined by commas`, () => {
        const columns = exportColumns({ account: acme(), format: { ...DISPLAY_IST, timestampFormat: format }, now: new Date(ist('2026-12-31T12:00')), objectiveParams: ['refund_reason'] });
        for (const ticket of [tricky, ...LIFECYCLE_TICKETS]) {
          const t = { createdAt: ist('2026-11-23T09:00'), status: 'open', ...ticket };
          expect(columns.record(t, quote)).to.equal(columns.row(t).map(quote).join(','));
        }
      });
    }
  });
});
