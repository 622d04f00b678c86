import {
  RESOLVING_STATUSES, storedTimestamp, targetsAfterPause, TicketDocument, TicketLifecycleEvent,
} from '@support/domain';
import { union } from './customer-lookup';
import { FamilyChange } from './family';

/** What one lifecycle event changes: fields of the ticket's own document, and a change of its family's totals (on the root). */
interface LifecycleChange {
  readonly own: Record<string, unknown>;
  readonly family: FamilyChange | null;
  /** A Voice FCR decision to store on the root. */
  readonly voiceFcr?: { readonly callId: string; readonly outcome: 'resolved_on_call' | 'unresolved' | 'delegated'; readonly reason: string; readonly evaluatedAt: string };
}

const ts = (value: string): string => storedTimestamp(value) ?? value;

/** An agent replied: the first reply, the latest reply, and the end of the customer's wait (if one was open). */
const replied = (doc: TicketDocument, respondedAt: string, first: { channel: string } | null): Record<string, unknown> => {
  const at = ts(respondedAt);
  const waiting = doc.awaitingResponseSince ?? null;
  const closesWait = waiting !== null && at >= waiting;
  return {
    ...(first !== null ? { firstResponseAt: at, firstResponseChannel: first.channel } : {}),
    latestResponseAt: doc.latestResponseAt === null || doc.latestResponseAt === undefined || at > doc.latestResponseAt ? at : doc.latestResponseAt,
    ...(closesWait ? { responseWaits: [...(doc.responseWaits ?? []), { from: waiting, to: at }], awaitingResponseSince: null } : {}),
  };
};

/** The customer reached out: a wait for an agent starts, unless one is already open. */
const customerContact = (doc: TicketDocument, at: string): Record<string, unknown> =>
  doc.awaitingResponseSince ? {} : { awaitingResponseSince: ts(at) };

const agents = (doc: TicketDocument, agentId: string | null) => union(doc.involvedAgentIds ?? [], [agentId]);

/**
 * The read-model change of one lifecycle event, from the ticket's current document. Pure; the
 * runtime's position guard makes a replayed event a no-op.
 */
export const lifecycleChange = (doc: TicketDocument, e: TicketLifecycleEvent): LifecycleChange => {
  const none = (own: Record<string, unknown>): LifecycleChange => ({ own, family: null });
  const isChild = doc.ticketType === 'child';
  switch (e.type) {
    case 'TicketAssigned': {
      const d = e.data;
      return {
        own: { assignedToId: d.agentId, assignedById: d.assignedById, assignedAt: ts(d.at), involvedAgentIds: agents(doc, d.agentId), updatedAt: ts(d.at) },
        family: isChild ? { kind: 'childWork' } : null,
      };
    }
    case 'TicketUnassigned':
      return none({ assignedToId: null, assignedById: null, updatedAt: ts(e.data.at) });
    case 'TicketStatusChanged': {
      const d = e.data;
      const at = ts(d.at);
      const resolves = RESOLVING_STATUSES.includes(d.to);
      const own: Record<string, unknown> = { status: d.to, statusHistory: [...(doc.statusHistory ?? []), { status: d.to, at }], updatedAt: at };
      if (resolves) {
        Object.assign(own, {
          resolvedAt: at, resolvedBy: d.resolvedBy, resolvedByUserId: d.resolvedBy === 'agent' ? d.changedById : null, resolution: d.to,
          autoResolved: d.resolvedBy === 'ai', involvedAgentIds: d.resolvedBy === 'agent' ? agents(doc, d.changedById) : doc.involvedAgentIds ?? [],
        });
      }
      if (d.to === 'closed') Object.assign(own, { closedAt: at, resolution: doc.resolution ?? 'closed' });
      if (d.to === 'stale_marked_automatically') Object.assign(own, { autoResolved: true });
      if (d.to === 'open') Object.assign(own, { resolvedAt: null, resolvedBy: null, resolvedByUserId: null, resolution: null, closedAt: null, autoResolved: false });
      return { own, family: isChild && resolves && d.resolvedBy === 'agent' ? { kind: 'childWork' } : null };
    }
    case 'EmailMessageRecorded': {
      const d = e.data;
      return {
        own: {
          emailThreadIds: union(doc.emailThreadIds ?? [], [d.threadId]), emailClients: union(doc.emailClients ?? [], [d.emailClient]),
          involvedSources: union(doc.involvedSources ?? [], ['email']), involvedAgentIds: agents(doc, d.agentId), updatedAt: ts(d.at),
          ...(d.direction === 'customer' ? customerContact(doc, d.sentAt) : {}),
        },
        family: { kind: 'email', messageId: d.messageId, threadId: d.threadId, emailClient: d.emailClient, direction: d.direction, generatedBy: d.generatedBy, sentAt: ts(d.sentAt) },
      };
    }
    case 'CallRecorded': {
      const d = e.data;
      return {
        own: {
          involvedSources: union(doc.involvedSources ?? [], ['voiceCall']), involvedAgentIds: agents(doc, d.agentId), updatedAt: ts(d.at),
          ...(d.direction === 'incoming' ? customerContact(doc, d.startedAt) : {}),
        },
        family: { kind: 'call', callId: d.callId, direction: d.direction, startedAt: ts(d.startedAt) },
      };
    }
    case 'CallEnded':
      return none({ updatedAt: ts(e.data.at) });
    case 'CallEvaluated': {
      const d = e.data;
      return { own: { updatedAt: ts(d.at) }, family: null, voiceFcr: { callId: d.callId, outcome: d.outcome, reason: d.reason, evaluatedAt: ts(d.evaluatedAt) } };
    }
    case 'ChatSessionRecorded': {
      const d = e.data;
      return {
        own: {
          involvedSources: union(doc.involvedSources ?? [], ['liveChat']), involvedAgentIds: agents(doc, d.agentId), updatedAt: ts(d.at),
          ...customerContact(doc, d.startedAt),
        },
        family: { kind: 'chat', sessionId: d.sessionId },
      };
    }
    case 'FirstResponseRecorded':
      return none(replied(doc, e.data.respondedAt, { channel: e.data.channel }));
    case 'AgentReplied':
      return none(replied(doc, e.data.respondedAt, null));
    case 'ChildTicketLinked':
      return none({ updatedAt: ts(e.data.at) });
    case 'CsatSent':
      return none({ csatSentAt: ts(e.data.sentAt), csatStatus: doc.csatStatus === 'submitted' ? 'submitted' : 'sent', updatedAt: ts(e.data.sentAt) });
    case 'CsatSubmitted': {
      const d = e.data;
      return none({ csat: { rating: d.rating, comment: d.comment }, csatStatus: 'submitted', csatSubmittedAt: ts(d.submittedAt), updatedAt: ts(d.submittedAt) });
    }
    case 'DispositionSet': {
      const d = e.data;
      return none({
        ...(d.category !== undefined ? { category: d.category } : {}),
        ...(d.subcategory !== undefined ? { subcategory: d.subcategory } : {}),
        dispositions: { ...(doc.dispositions ?? {}), ...d.fields },
        updatedAt: ts(d.at),
      });
    }
    case 'SentimentAdded':
      return none({ sentiment: e.data.sentiment, sentiments: [...(doc.sentiments ?? []), e.data.sentiment], updatedAt: ts(e.data.at) });
    case 'SlaMet':
      return none({ slaOutcomes: { ...(doc.slaOutcomes ?? {}), [e.data.target]: 'met' } });
    case 'SlaBreached':
      return none({ slaOutcomes: { ...(doc.slaOutcomes ?? {}), [e.data.target]: 'breached' } });
    case 'SlaWarned':
      return none({ slaWarnings: { ...(doc.slaWarnings ?? {}), [e.data.target]: e.data.dueAt } });
    case 'SlaPaused':
    case 'SlaResumed':
      return none({ slaTargets: targetsAfterPause(doc.slaTargets ?? [], e) });
    default:
      return none({});
  }
};
