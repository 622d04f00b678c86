import { TicketSentiment, TicketStatus } from '../status-and-sentiment';
import { SlaBreached, SlaMet, SlaPaused, SlaResumed, SlaWarned } from '../../sla/sla-events';

/**
 * Events of a ticket being worked (appended to `ticket-<ticketId>` after TicketCreated). Each
 * carries the ticket and account ids so that projectors and auditors read it alone. Times are ISO
 * strings: `at` is when the change was recorded; channel events also carry the channel's own times.
 */

interface OnTicket {
  readonly ticketId: string;
  readonly accountId: string;
}

interface TicketAssignedData extends OnTicket {
  readonly agentId: string;
  /** The user of the access token that assigned it (null: a token without a user). */
  readonly assignedById: string | null;
  readonly previousAgentId: string | null;
  readonly at: string;
}

interface TicketUnassignedData extends OnTicket {
  readonly previousAgentId: string;
  readonly unassignedById: string | null;
  readonly at: string;
}

interface TicketStatusChangedData extends OnTicket {
  readonly from: TicketStatus;
  readonly to: TicketStatus;
  /** Set when `to` resolves the ticket: who resolved it. */
  readonly resolvedBy: 'agent' | 'ai' | null;
  /** The user who made the change (null: a token without a user, or the AI). */
  readonly changedById: string | null;
  readonly at: string;
}

type EmailDirection = 'customer' | 'agent';

export interface EmailMessageRecordedData extends OnTicket {
  readonly messageId: string;
  readonly threadId: string;
  /** Email client / provider (gmail, outlook, ...). */
  readonly emailClient: string;
  readonly from: string;
  readonly to: readonly string[];
  readonly sentAt: string;
  /** `agent`: sent from one of the account's mailboxes or aliases; `customer`: from any other address. */
  readonly direction: EmailDirection;
  /** Tagged AI- or system-generated (never counts as a human agent's message). */
  readonly generatedBy: 'ai' | 'system' | null;
  /** The human agent who wrote it, when known. */
  readonly agentId: string | null;
  readonly at: string;
}

export interface CallRecordedData extends OnTicket {
  readonly callId: string;
  readonly direction: 'incoming' | 'outgoing';
  readonly startedAt: string;
  readonly endedAt: string | null;
  /** The agent who made or answered the call; an incoming call with an agent was answered. */
  readonly agentId: string | null;
  readonly at: string;
}

/** The end of a call recorded earlier without one (the channel's "call ended" webhook). */
interface CallEndedData extends OnTicket {
  readonly callId: string;
  readonly endedAt: string;
  readonly at: string;
}

export type VoiceFcrOutcome = 'resolved_on_call' | 'unresolved' | 'delegated';

/** Voice FCR: the evaluation of an incoming call's transcript. */
interface CallEvaluatedData extends OnTicket {
  readonly callId: string;
  readonly outcome: VoiceFcrOutcome;
  /** Machine-readable reason (for example `customer_confirmed_resolution`). */
  readonly reason: string;
  readonly evaluatedAt: string;
  readonly at: string;
}

interface ChatSessionRecordedData extends OnTicket {
  readonly sessionId: string;
  readonly startedAt: string;
  readonly agentId: string | null;
  /** When an agent first wrote in the session, if one did. */
  readonly firstAgentMessageAt: string | null;
  readonly at: string;
}

export type ResponseChannel = 'email' | 'chat' | 'voiceCall';

/** The first agent reply on any channel; recorded once per ticket. */
interface FirstResponseRecordedData extends OnTicket {
  readonly respondedAt: string;
  readonly channel: ResponseChannel;
  readonly agentId: string | null;
  readonly at: string;
}

/** An agent reply after the first one (latest response, response waits). */
interface AgentRepliedData extends OnTicket {
  readonly respondedAt: string;
  readonly channel: ResponseChannel;
  readonly agentId: string | null;
}

export type ChildTicketKind = 'child' | 'interaction';

/** On the parent: a child or interaction ticket was made in its family. */
interface ChildTicketLinkedData extends OnTicket {
  readonly childTicketId: string;
  readonly kind: ChildTicketKind;
  readonly childTicketParam: string | null;
  readonly at: string;
}

interface CsatSentData extends OnTicket {
  readonly sentAt: string;
}

interface CsatSubmittedData extends OnTicket {
  /** 1 to 5. */
  readonly rating: number;
  readonly comment: string | null;
  readonly submittedAt: string;
}

interface DispositionSetData extends OnTicket {
  /** Only the values this command changed. */
  readonly category?: string | null;
  readonly subcategory?: string | null;
  /** Values of the account's other active disposition fields, by label. */
  readonly fields: Readonly<Record<string, string>>;
  readonly setById: string | null;
  readonly at: string;
}

interface SentimentAddedData extends OnTicket {
  readonly sentiment: TicketSentiment;
  /** `textProcessor` or `agent`. */
  readonly addedBy: 'textProcessor' | 'agent';
  readonly agentId: string | null;
  readonly at: string;
}

type Ev<T extends string, D> = { readonly type: T; readonly data: D };

export type TicketAssigned = Ev<'TicketAssigned', TicketAssignedData>;
export type TicketUnassigned = Ev<'TicketUnassigned', TicketUnassignedData>;
export type TicketStatusChanged = Ev<'TicketStatusChanged', TicketStatusChangedData>;
export type EmailMessageRecorded = Ev<'EmailMessageRecorded', EmailMessageRecordedData>;
export type CallRecorded = Ev<'CallRecorded', CallRecordedData>;
export type CallEnded = Ev<'CallEnded', CallEndedData>;
export type CallEvaluated = Ev<'CallEvaluated', CallEvaluatedData>;
export type ChatSessionRecorded = Ev<'ChatSessionRecorded', ChatSessionRecordedData>;
export type FirstResponseRecorded = Ev<'FirstResponseRecorded', FirstResponseRecordedData>;
export type AgentReplied = Ev<'AgentReplied', AgentRepliedData>;
export type ChildTicketLinked = Ev<'ChildTicketLinked', ChildTicketLinkedData>;
export type CsatSent = Ev<'CsatSent', CsatSentData>;
export type CsatSubmitted = Ev<'CsatSubmitted', CsatSubmittedData>;
export type DispositionSet = Ev<'DispositionSet', DispositionSetData>;
export type SentimentAdded = Ev<'SentimentAdded', SentimentAddedData>;

export type TicketLifecycleEvent =
  | TicketAssigned | TicketUnassigned | TicketStatusChanged | EmailMessageRecorded | CallRecorded | CallEnded | CallEvaluated
  | ChatSessionRecorded | FirstResponseRecorded | AgentReplied | ChildTicketLinked | CsatSent | CsatSubmitted | DispositionSet | SentimentAdded
  | SlaMet | SlaBreached | SlaWarned | SlaPaused | SlaResumed;

export const TICKET_LIFECYCLE_EVENT_TYPES: readonly TicketLifecycleEvent['type'][] = [
  'TicketAssigned', 'TicketUnassigned', 'TicketStatusChanged', 'EmailMessageRecorded', 'CallRecorded', 'CallEnded', 'CallEvaluated',
  'ChatSessionRecorded', 'FirstResponseRecorded', 'AgentReplied', 'ChildTicketLinked', 'CsatSent', 'CsatSubmitted', 'DispositionSet', 'SentimentAdded',
  'SlaMet', 'SlaBreached', 'SlaWarned', 'SlaPaused', 'SlaResumed',
];
