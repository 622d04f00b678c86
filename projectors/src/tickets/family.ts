import { TicketDocument, TicketFamilyMetrics, VoiceFcrDecision } from '@support/domain';
import { union } from './customer-lookup';

/**
 * The lifetime totals of a ticket family kept on its root's document (docs/api/exports.md, The file: the family counts, FCR,
 * Voice FCR). Pure: each change gives the next metrics; ids are kept so a webhook recorded twice,
 * or on two tickets of the family, counts once.
 */
export type FamilyChange =
  | { readonly kind: 'ticket'; readonly ticketType: 'ticket' | 'child' | 'interaction'; readonly source: string | null; readonly at: string }
  | { readonly kind: 'email'; readonly messageId: string; readonly threadId: string; readonly emailClient: string; readonly direction: 'customer' | 'agent'; readonly generatedBy: string | null; readonly sentAt: string }
  | { readonly kind: 'call'; readonly callId: string; readonly direction: 'incoming' | 'outgoing'; readonly startedAt: string }
  | { readonly kind: 'chat'; readonly sessionId: string }
  | { readonly kind: 'childWork' }
  /** A ticket merged into the family (docs/api/merge-and-split.md): one more interaction ticket, with its own family's totals when it was a root. */
  | { readonly kind: 'merged'; readonly family: TicketFamilyMetrics | null; readonly source: string | null; readonly at: string }
  /** Interactions split off to a new ticket (docs/api/merge-and-split.md): they count there from now on. */
  | { readonly kind: 'splitOff'; readonly emailMessageIds: readonly string[]; readonly callIds: readonly string[]; readonly chatSessionIds: readonly string[] };

export const emptyFamily = (): TicketFamilyMetrics => ({
  childTickets: 0,
  interactionTickets: 0,
  chatSessionIds: [],
  emailThreadIds: [],
  emailClients: [],
  customerEmailMessageIds: [],
  agentEmailMessageIds: [],
  incomingCallIds: [],
  outgoingCallIds: [],
  channels: [],
  delegatedChildWork: false,
  lastInboundContactAt: null,
});

/** Ticket sources that are channels by themselves; email and voice count only through a customer email or an incoming call. */
const channelOfSource = (source: string | null): string | null => (source === null || source === 'email' || source === 'voiceCall' ? null : source);

const later = (a: string | null, b: string): string => (a === null || b > a ? b : a);

export const familyAfter = (f: TicketFamilyMetrics, c: FamilyChange): TicketFamilyMetrics => {
  switch (c.kind) {
    case 'ticket':
      return {
        ...f,
        childTickets: f.childTickets + (c.ticketType === 'child' ? 1 : 0),
        interactionTickets: f.interactionTickets + (c.ticketType === 'interaction' ? 1 : 0),
        channels: union(f.channels, [channelOfSource(c.source)]),
        lastInboundContactAt: c.ticketType === 'interaction' ? later(f.lastInboundContactAt, c.at) : f.lastInboundContactAt,
      };
    case 'email': {
      const customer = c.direction === 'customer';
      const human = c.direction === 'agent' && c.generatedBy === null;
      return {
        ...f,
        emailThreadIds: union(f.emailThreadIds, [c.threadId]),
        emailClients: union(f.emailClients, [c.emailClient]),
        customerEmailMessageIds: customer ? union(f.customerEmailMessageIds, [c.messageId]) : f.customerEmailMessageIds,
        agentEmailMessageIds: human ? union(f.agentEmailMessageIds, [c.messageId]) : f.agentEmailMessageIds,
        channels: customer ? union(f.channels, ['email']) : f.channels,
        lastInboundContactAt: customer ? later(f.lastInboundContactAt, c.sentAt) : f.lastInboundContactAt,
      };
    }
    case 'call': {
      const incoming = c.direction === 'incoming';
      return {
        ...f,
        incomingCallIds: incoming ? union(f.incomingCallIds, [c.callId]) : f.incomingCallIds,
        outgoingCallIds: incoming ? f.outgoingCallIds : union(f.outgoingCallIds, [c.callId]),
        channels: incoming ? union(f.channels, ['voiceCall']) : f.channels,
        lastInboundContactAt: incoming ? later(f.lastInboundContactAt, c.startedAt) : f.lastInboundContactAt,
      };
    }
    case 'chat':
      return { ...f, chatSessionIds: union(f.chatSessionIds, [c.sessionId]), channels: union(f.channels, ['liveChat']) };
    case 'childWork':
      return { ...f, delegatedChildWork: true };
    case 'merged': {
      const m = c.family ?? emptyFamily();
      return {
        childTickets: f.childTickets + m.childTickets,
        interactionTickets: f.interactionTickets + m.interactionTickets + 1,
        chatSessionIds: union(f.chatSessionIds, m.chatSessionIds),
        emailThreadIds: union(f.emailThreadIds, m.emailThreadIds),
        emailClients: union(f.emailClients, m.emailClients),
        customerEmailMessageIds: union(f.customerEmailMessageIds, m.customerEmailMessageIds),
        agentEmailMessageIds: union(f.agentEmailMessageIds, m.agentEmailMessageIds),
        incomingCallIds: union(f.incomingCallIds, m.incomingCallIds),
        outgoingCallIds: union(f.outgoingCallIds, m.outgoingCallIds),
        channels: union(f.channels, m.channels, [channelOfSource(c.source)]),
        delegatedChildWork: f.delegatedChildWork || m.delegatedChildWork,
        lastInboundContactAt: later(later(f.lastInboundContactAt, c.at), m.lastInboundContactAt ?? c.at),
      };
    }
    case 'splitOff': {
      const without = (ids: readonly string[], gone: readonly string[]) => ids.filter((id) => !gone.includes(id));
      return {
        ...f,
        customerEmailMessageIds: without(f.customerEmailMessageIds, c.emailMessageIds),
        agentEmailMessageIds: without(f.agentEmailMessageIds, c.emailMessageIds),
        incomingCallIds: without(f.incomingCallIds, c.callIds),
        outgoingCallIds: without(f.outgoingCallIds, c.callIds),
        chatSessionIds: without(f.chatSessionIds, c.chatSessionIds),
      };
    }
    default:
      return f;
  }
};

/** A customer contact after the Voice FCR decision (a customer email, a different incoming call, an interaction ticket) disqualifies it. */
const voiceFcrAfter = (decision: VoiceFcrDecision | null, c: FamilyChange): VoiceFcrDecision | null => {
  if (decision === null || decision.laterInboundContact) return decision;
  const contactAt =
    c.kind === 'email' && c.direction === 'customer' ? c.sentAt
    : c.kind === 'call' && c.direction === 'incoming' && c.callId !== decision.callId ? c.startedAt
    : c.kind === 'ticket' && c.ticketType === 'interaction' ? c.at
    : c.kind === 'merged' ? later(c.family?.lastInboundContactAt ?? null, c.at)
    : null;
  return contactAt !== null && contactAt > decision.evaluatedAt ? { ...decision, laterInboundContact: true } : decision;
};

/** The $set of the root's family fields after a change. */
export const familyFields = (root: Pick<TicketDocument, 'family' | 'voiceFcr'>, change: FamilyChange) => ({
  family: familyAfter(root.family ?? emptyFamily(), change),
  voiceFcr: voiceFcrAfter(root.voiceFcr ?? null, change),
});
