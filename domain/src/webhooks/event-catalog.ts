import type { RecordedEvent } from '../ports/event-store';
import { RESOLVING_STATUSES } from '../tickets/ticket';

/**
 * The event types a webhook subscription can receive, named for what happened. Each has a small
 * payload of version 1: ids, the fields that changed and their times; never a token, never the
 * text of a ticket, an email or a record.
 */
export const WEBHOOK_EVENT_TYPES = [
  'ticket.created',
  'ticket.assigned',
  'ticket.unassigned',
  'ticket.status_changed',
  'ticket.resolved',
  'ticket.interaction_added',
  'ticket.csat_sent',
  'ticket.csat_submitted',
  'ticket.disposition_set',
  'ticket.child_created',
  'ticket.merged',
  'ticket.split',
  'ticket.sla_met',
  'ticket.sla_breached',
  'ticket.sla_warning',
  'ticket.sla_paused',
  'ticket.sla_resumed',
  'log.checkpoint',
  'export.succeeded',
  'export.failed',
  'message.sent',
  'message.delivered',
  'message.failed',
  'record.inserted',
  'record.updated',
  'customer.erased',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What a delivery carries: an event type, or the test message of POST /apis/webhooks/{id}/ping. */
export type WebhookMessageType = WebhookEventType | 'webhook.ping';

export const WEBHOOK_PAYLOAD_VERSION = 1;

export const isWebhookEventType = (s: string): s is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(s);

/** One webhook event made from one event of the log. */
interface WebhookEvent {
  readonly type: WebhookEventType;
  readonly accountId: string;
  /** The data of the payload (version WEBHOOK_PAYLOAD_VERSION). */
  readonly data: Readonly<Record<string, unknown>>;
}

type Data = Record<string, any>;

/** The account an event of the log belongs to (its data's, else its metadata's), null when it names none. */
export const webhookAccountOf = (event: RecordedEvent): string | null => {
  const d = (event.data ?? {}) as Data;
  if (typeof d.accountId === 'string') return d.accountId;
  return typeof event.metadata.accountId === 'string' ? (event.metadata.accountId as string) : null;
};

/** What each event of the log is, as webhook events (none for most events). */
const payloads = (event: RecordedEvent, d: Data): readonly (readonly [WebhookEventType, Data])[] => {
  const ticket = { ticketId: d.ticketId };
  switch (event.type) {
    case 'TicketCreated':
      return [['ticket.created', {
        ...ticket, ticketNumber: d.ticketNumber, status: d.status, source: d.source, ticketType: d.ticketType ?? 'ticket',
        parentTicketId: d.parentTicketId ?? null, customerId: d.customerId, taskId: d.taskId ?? null, createdAt: d.createdAt,
      }]];
    case 'TicketAssigned':
      return [['ticket.assigned', { ...ticket, agentId: d.agentId, previousAgentId: d.previousAgentId, assignedById: d.assignedById, at: d.at }]];
    case 'TicketUnassigned':
      return [['ticket.unassigned', { ...ticket, previousAgentId: d.previousAgentId, unassignedById: d.unassignedById, at: d.at }]];
    case 'TicketStatusChanged': {
      const changed: Data = { ...ticket, from: d.from, to: d.to, changedById: d.changedById, at: d.at };
      return RESOLVING_STATUSES.includes(d.to)
        ? [['ticket.status_changed', changed], ['ticket.resolved', { ...ticket, status: d.to, resolvedBy: d.resolvedBy, at: d.at }]]
        : [['ticket.status_changed', changed]];
    }
    case 'EmailMessageRecorded':
      return [['ticket.interaction_added', { ...ticket, channel: 'email', interactionId: d.messageId, direction: d.direction, agentId: d.agentId, at: d.at }]];
    case 'CallRecorded':
      return [['ticket.interaction_added', { ...ticket, channel: 'call', interactionId: d.callId, direction: d.direction, agentId: d.agentId, at: d.at }]];
    case 'ChatSessionRecorded':
      return [['ticket.interaction_added', { ...ticket, channel: 'chat', interactionId: d.sessionId, direction: null, agentId: d.agentId, at: d.at }]];
    case 'CsatSent':
      return [['ticket.csat_sent', { ...ticket, sentAt: d.sentAt }]];
    case 'CsatSubmitted':
      return [['ticket.csat_submitted', { ...ticket, rating: d.rating, submittedAt: d.submittedAt }]];
    case 'DispositionSet':
      return [['ticket.disposition_set', {
        ...ticket, ...(d.category !== undefined ? { category: d.category } : {}), ...(d.subcategory !== undefined ? { subcategory: d.subcategory } : {}),
        fields: Object.keys(d.fields ?? {}), setById: d.setById, at: d.at,
      }]];
    case 'ChildTicketLinked':
      return [['ticket.child_created', { ...ticket, childTicketId: d.childTicketId, kind: d.kind, at: d.at }]];
    case 'TicketsMerged':
      return [['ticket.merged', { ...ticket, mergedTicketIds: d.sourceTicketIds, mergeId: d.mergeId, mergedById: d.mergedById, at: d.at }]];
    case 'TicketSplit':
      return [['ticket.split', {
        ...ticket, newTicketId: d.newTicketId, interactionIds: [...(d.emailMessageIds ?? []), ...(d.callIds ?? []), ...(d.chatSessionIds ?? [])], splitById: d.splitById, at: d.at,
      }]];
    case 'SlaMet':
      return [['ticket.sla_met', { ...ticket, label: d.label, metric: d.metric, dueAt: d.dueAt, metAt: d.metAt }]];
    case 'SlaBreached':
      return [['ticket.sla_breached', { ...ticket, label: d.label, metric: d.metric, dueAt: d.dueAt, recordedAt: d.recordedAt, lateMs: d.lateMs }]];
    case 'SlaWarned':
      return [['ticket.sla_warning', { ...ticket, label: d.label, metric: d.metric, dueAt: d.dueAt, warningMinutes: d.warningMinutes, warnedAt: d.warnedAt }]];
    case 'SlaPaused':
      return [['ticket.sla_paused', { ...ticket, label: d.label, metric: d.metric, dueAt: d.dueAt, pausedAt: d.pausedAt }]];
    case 'SlaResumed':
      return [['ticket.sla_resumed', { ...ticket, label: d.label, metric: d.metric, pausedAt: d.pausedAt, resumedAt: d.resumedAt, dueAt: d.dueAt }]];
    case 'LogCheckpointSigned':
      return [['log.checkpoint', { origin: d.origin, size: d.size, rootHash: d.rootHash, time: d.time, checkpoint: d.checkpoint }]];
    case 'TicketExportSucceeded':
      return [['export.succeeded', {
        jobId: d.jobId, processed: d.processed, fileSizeBytes: d.fileSizeBytes, completedAt: d.completedAt, availableUntil: d.availableUntil,
        statusUrl: `/apis/task-runs/tickets/export/${d.jobId}`,
      }]];
    case 'TicketExportFailed':
      return [['export.failed', { jobId: d.jobId, error: d.error, failedAt: d.failedAt, statusUrl: `/apis/task-runs/tickets/export/${d.jobId}` }]];
    case 'MessageSent':
      return [['message.sent', { messageId: d.messageId, attempt: d.attempt, platformMessageId: d.platformMessageId, sentAt: d.sentAt }]];
    case 'MessageStatusReported':
      if (d.status === 'delivered') return [['message.delivered', { messageId: d.messageId, platformMessageId: d.platformMessageId, deliveredAt: d.at }]];
      if (d.status === 'failed') return [['message.failed', { messageId: d.messageId, attempt: null, error: { code: d.error?.code, message: d.error?.message }, failedAt: d.at }]];
      return [];
    case 'MessageFailed':
      return [['message.failed', { messageId: d.messageId, attempt: d.attempt, error: { code: d.error?.code, message: d.error?.message }, failedAt: d.failedAt }]];
    case 'ResourceRecordInserted':
      return [['record.inserted', { recordId: d.recordId, objectId: d.objectId, customerId: d.customerId, fields: Object.keys(d.data ?? {}), createdAt: d.createdAt }]];
    case 'ResourceRecordUpdated':
      return [['record.updated', { recordId: d.recordId, objectId: d.objectId, customerId: d.customerId, changedFields: Object.keys(d.changes ?? {}), updatedAt: d.updatedAt }]];
    case 'CustomerErased':
      return [['customer.erased', { customerId: d.customerId, erasureId: d.erasureId, ticketIds: d.ticketIds, requestedAt: d.requestedAt, erasedAt: d.erasedAt }]];
    default:
      return [];
  }
};

/** The account of a webhook event of the whole log (a checkpoint): every account's subscriptions that name its type get it. */
export const LOG_WIDE = '*';

/** Whether an event of the log makes webhook events of the whole log, not of one account. */
export const isLogWideEvent = (event: Pick<RecordedEvent, 'type'>): boolean => event.type === 'LogCheckpointSigned';

/** The webhook events one event of the log makes (none for most events, two for a resolving status change). */
export const webhookEventsOf = (event: RecordedEvent): readonly WebhookEvent[] => {
  const d = (event.data ?? {}) as Data;
  const made = payloads(event, d);
  if (made.length === 0) return [];
  const accountId = isLogWideEvent(event) ? LOG_WIDE : webhookAccountOf(event);
  if (accountId === null) return [];
  return made.map(([type, data]) => ({ type, accountId, data }));
};

/** The event types of the log that make webhook events (what the dispatcher looks at). */
export const WEBHOOK_SOURCE_EVENT_TYPES: ReadonlySet<string> = new Set([
  'TicketCreated', 'TicketAssigned', 'TicketUnassigned', 'TicketStatusChanged', 'EmailMessageRecorded', 'CallRecorded', 'ChatSessionRecorded',
  'CsatSent', 'CsatSubmitted', 'DispositionSet', 'ChildTicketLinked', 'TicketsMerged', 'TicketSplit', 'SlaMet', 'SlaBreached', 'SlaWarned', 'SlaPaused', 'SlaResumed', 'LogCheckpointSigned', 'TicketExportSucceeded', 'TicketExportFailed', 'MessageSent', 'MessageFailed', 'MessageStatusReported',
  'ResourceRecordInserted', 'ResourceRecordUpdated', 'CustomerErased',
]);

/**
 * The payload a receiver gets (Standard Webhooks: type, timestamp, data), with the event's id (also
 * the webhook-id header: a receiver's dedupe key), its log position (for replay) and the version of
 * the data's shape.
 */
export const webhookPayload = (eventId: string, position: string, occurredAt: string, event: WebhookEvent) => ({
  type: event.type,
  timestamp: occurredAt,
  version: WEBHOOK_PAYLOAD_VERSION,
  id: eventId,
  position,
  accountId: event.accountId,
  data: event.data,
});
