import { DataPointsReevaluatedData, TaskEvaluatedData, TicketCreatedData, TicketQueryProcessedData, TicketSentiment, TicketStatus } from '../events';
import type { TicketEvent } from '../events';
import type { SplitInteractions } from '../split/split-events';
import { CallRecordedData, ChildTicketKind, EmailMessageRecordedData, VoiceFcrOutcome } from './events';
import { DurationClock } from '../../exports/columns/business-clock';

/**
 * Commands on a ticket's stream. Every command has passed the request's checks (shapes, account
 * references such as agents and disposition fields) before it gets here; the decider checks it
 * against the ticket's state. `byUserId` is the user of the access token (null: a token without one).
 */
export type TicketCommand =
  | { readonly type: 'CreateTicket'; readonly ticket: TicketCreatedData; readonly evaluation: TaskEvaluatedData | null }
  | { readonly type: 'ProcessQuery'; readonly processed: TicketQueryProcessedData }
  /** A re-evaluation's outcome; resolutions of data points that are not waiting to be filled are dropped. */
  | { readonly type: 'RecordReevaluation'; readonly reevaluation: DataPointsReevaluatedData }
  /** The evaluation of a ticket's task, recorded once (a second one decides nothing). */
  | { readonly type: 'RecordTaskEvaluation'; readonly evaluation: TaskEvaluatedData }
  | { readonly type: 'Assign'; readonly agentId: string; readonly byUserId: string | null; readonly at: string }
  | { readonly type: 'Unassign'; readonly byUserId: string | null; readonly at: string }
  /** `slaClock`: the account's clock, on which a move into or out of waiting on the customer pauses or resumes resolution targets. */
  | { readonly type: 'ChangeStatus'; readonly status: TicketStatus; readonly resolvedBy?: 'agent' | 'ai'; readonly byUserId: string | null; readonly at: string; readonly slaClock: DurationClock }
  | ({ readonly type: 'RecordEmail' } & Omit<EmailMessageRecordedData, 'ticketId' | 'accountId'>)
  | ({ readonly type: 'RecordCall' } & Omit<CallRecordedData, 'ticketId' | 'accountId'>)
  | { readonly type: 'EvaluateCall'; readonly callId: string; readonly outcome: VoiceFcrOutcome; readonly reason: string; readonly evaluatedAt: string; readonly at: string }
  | { readonly type: 'RecordChat'; readonly sessionId: string; readonly startedAt: string; readonly agentId: string | null; readonly firstAgentMessageAt: string | null; readonly at: string }
  | { readonly type: 'LinkChild'; readonly childTicketId: string; readonly kind: ChildTicketKind; readonly childTicketParam: string | null; readonly at: string }
  | { readonly type: 'SendCsat'; readonly sentAt: string }
  | { readonly type: 'SubmitCsat'; readonly rating: number; readonly comment: string | null; readonly submittedAt: string }
  | {
      readonly type: 'SetDisposition';
      readonly category?: string | null;
      readonly subcategory?: string | null;
      readonly fields: Readonly<Record<string, string>>;
      readonly byUserId: string | null;
      readonly at: string;
    }
  | { readonly type: 'AddSentiment'; readonly sentiment: TicketSentiment; readonly addedBy: 'textProcessor' | 'agent'; readonly agentId: string | null; readonly at: string }
  /** Records each SLA target whose outcome is settled at `at` (SlaMet, SlaBreached) or that is due soon (SlaWarned); the SLA watcher sends it when a ticket's moment comes. */
  | { readonly type: 'RecordSlaOutcomes'; readonly at: string }
  /** On a source of a merge: closed and merged into the target (docs/api/merge-and-split.md). */
  | { readonly type: 'MergeInto'; readonly targetTicketId: string; readonly mergeId: string; readonly note: string | null; readonly byUserId: string | null; readonly at: string }
  /** On the target of a merge, once every source is merged into it. */
  | { readonly type: 'AbsorbMerge'; readonly mergeId: string; readonly sourceTicketIds: readonly string[]; readonly note: string | null; readonly byUserId: string | null; readonly at: string }
  /** On a source whose merge the target refused: back to what it was. */
  | { readonly type: 'WithdrawMerge'; readonly mergeId: string; readonly reason: string; readonly at: string }
  /** On a ticket split: these interactions go to the new ticket (docs/api/merge-and-split.md). */
  | { readonly type: 'SplitOff'; readonly newTicketId: string; readonly interactionIds: readonly string[]; readonly byUserId: string | null; readonly at: string }
  /** On the new ticket of a split, once created: the interactions it took, recorded again on it. */
  | { readonly type: 'TakeSplitInteractions'; readonly fromTicketId: string; readonly moved: SplitInteractions; readonly interactions: readonly TicketEvent[]; readonly at: string };

/** Why the decider refused a command. */
export type TicketError =
  | { readonly kind: 'TicketNotFound' }
  | { readonly kind: 'TicketExists'; readonly ticketId: string }
  /** The command does not fit the ticket's current status (409, naming it). */
  | { readonly kind: 'StatusConflict'; readonly currentStatus: TicketStatus; readonly message: string }
  | { readonly kind: 'CallNotFound'; readonly callId: string }
  /** The command contradicts itself or the ticket's data (400). */
  | { readonly kind: 'InvalidTicketCommand'; readonly field: string; readonly message: string }
  /** The ticket was merged into another (409, naming the surviving ticket). */
  | { readonly kind: 'TicketMerged'; readonly ticketId: string; readonly mergedIntoTicketId: string }
  /** A source of a merge is not a ticket of the account (404, naming it). */
  | { readonly kind: 'MergeSourceNotFound'; readonly ticketId: string };
