import { TicketFamilyMetrics } from '@support/domain';
import { SeedTicket } from './seed-tickets';

/** A family's metrics with nothing in them, overridden by `m`. */
export const family = (m: Partial<TicketFamilyMetrics> = {}): TicketFamilyMetrics => ({
  childTickets: 0, interactionTickets: 0, chatSessionIds: [], emailThreadIds: [], emailClients: [], customerEmailMessageIds: [], agentEmailMessageIds: [],
  incomingCallIds: [], outgoingCallIds: [], channels: [], delegatedChildWork: false, lastInboundContactAt: null, ...m,
});

/** IST wall-clock time (Asia/Kolkata, +05:30, the acme account's timezone) as a stored UTC timestamp. */
export const ist = (local: string): string => new Date(`${local}:00+05:30`).toISOString();

/**
 * Tickets worked through their lifecycle, as the tickets projector writes them: one per FCR and
 * Voice FCR case of docs/api/exports.md (The file), business-hours durations over a weekend and a holiday, and SLA cases.
 * Acme is open Mon-Thu 09-18, Fri 09-13 and 14-18, closed at weekends and on 2026-12-25.
 */
export const LIFECYCLE_TICKETS: readonly SeedTicket[] = [
  {
    _id: 'fcr-voice-yes', ticketNumber: 501, ticketType: 'ticket', status: 'closed', source: 'voiceCall', orderName: 'LIFE',
    createdAt: ist('2026-11-27T17:00'), firstResponseAt: ist('2026-11-27T17:30'), resolvedAt: ist('2026-11-30T10:00'),
    family: family({ channels: ['voiceCall'], incomingCallIds: ['c1'], outgoingCallIds: ['c2'], agentEmailMessageIds: ['confirmation'] }),
    voiceFcr: { callId: 'c1', outcome: 'resolved_on_call', reason: 'resolved_on_call', evaluatedAt: ist('2026-11-27T17:40'), laterInboundContact: false },
  },
  {
    _id: 'fcr-email-yes', ticketNumber: 502, ticketType: 'ticket', status: 'resolved_by_agent', source: 'email', orderName: 'LIFE',
    createdAt: ist('2026-12-24T17:00'), firstResponseAt: ist('2026-12-28T10:00'), resolvedAt: ist('2026-12-28T11:00'),
    family: family({ channels: ['email'], customerEmailMessageIds: ['m1', 'm2'], agentEmailMessageIds: ['a1'], emailThreadIds: ['t1'] }),
  },
  {
    _id: 'fcr-two-channels', ticketNumber: 503, ticketType: 'ticket', status: 'closed', source: 'email', orderName: 'LIFE', createdAt: ist('2026-11-23T09:00'),
    family: family({ channels: ['email', 'voiceCall'], customerEmailMessageIds: ['m1'], incomingCallIds: ['c1'] }),
    voiceFcr: { callId: 'c1', outcome: 'resolved_on_call', reason: 'resolved_on_call', evaluatedAt: ist('2026-11-23T09:20'), laterInboundContact: true },
  },
  {
    _id: 'fcr-open', ticketNumber: 504, ticketType: 'ticket', status: 'open', source: 'email', orderName: 'LIFE', createdAt: ist('2026-11-23T09:00'),
    family: family({ channels: ['email'], customerEmailMessageIds: ['m1'] }),
  },
  {
    _id: 'fcr-three-emails', ticketNumber: 505, ticketType: 'ticket', status: 'closed', source: 'email', orderName: 'LIFE', createdAt: ist('2026-11-23T09:00'),
    family: family({ channels: ['email'], customerEmailMessageIds: ['m1', 'm2', 'm3'] }),
  },
  {
    _id: 'fcr-chat-only', ticketNumber: 506, ticketType: 'ticket', status: 'closed', source: 'liveChat', orderName: 'LIFE', createdAt: ist('2026-11-23T09:00'),
    family: family({ channels: ['liveChat'], chatSessionIds: ['s1', 's2'] }),
  },
  {
    _id: 'fcr-child', ticketNumber: 507, ticketType: 'child', parentTicketId: 'fcr-voice-yes', status: 'closed', source: 'voiceCall', orderName: 'LIFE',
    createdAt: ist('2026-11-23T09:00'), family: null,
  },
  {
    _id: 'voice-unknown', ticketNumber: 508, ticketType: 'ticket', status: 'closed', source: 'voiceCall', orderName: 'LIFE', createdAt: ist('2026-11-23T09:00'),
    family: family({ channels: ['voiceCall'], incomingCallIds: ['c1'] }), voiceFcr: null,
  },
  {
    _id: 'voice-delegated', ticketNumber: 509, ticketType: 'ticket', status: 'closed', source: 'voiceCall', orderName: 'LIFE', createdAt: ist('2026-11-23T09:00'),
    family: family({ channels: ['voiceCall'], incomingCallIds: ['c1'], childTickets: 1, delegatedChildWork: true }),
    voiceFcr: { callId: 'c1', outcome: 'resolved_on_call', reason: 'resolved_on_call', evaluatedAt: ist('2026-11-23T09:20'), laterInboundContact: false },
  },
  {
    _id: 'sla-breached', ticketNumber: 510, ticketType: 'ticket', status: 'assigned', source: 'manual', manualSourceLabel: null, orderName: 'LIFE',
    createdAt: ist('2026-11-20T09:00'), firstResponseAt: ist('2026-11-20T11:00'),
  },
];
