import { createHash } from 'node:crypto';
import { SlaTarget } from '../sla/sla-target';
import type { TicketLifecycleEvent } from './lifecycle/events';
import type { TicketMergeEvent } from './merge/merge-events';
import type { TicketSplitEvent } from './split/split-events';
import type { TicketSentiment, TicketStatus } from './status-and-sentiment';
import type { HolderProcess } from '../shared/holder-process';

export type { TicketSentiment, TicketStatus } from './status-and-sentiment';

/**
 * Events of tickets (the contract other features project). Data is plain JSON: numbers, strings,
 * ISO date-times, no bigint. Streams:
 * - `ticket-<ticketId>`: TicketEvent (the ticket itself; the source of truth for list items).
 * - `ticket_number-<accountId>`: TicketNumberEvent (one event per ticket; number = revision + 1).
 * - `open_ticket-<hash(account, customer, task)>`: OpenTicketClaimed (OpenTicketReleased in logs of earlier versions) (reuse rule of docs/api/tickets.md (rule Reuse)).
 */

export const TICKET_STREAM_PREFIX = 'ticket-';
export const ticketStream = (ticketId: string): string => `${TICKET_STREAM_PREFIX}${ticketId}`;

/** Statuses of a ticket that still counts as open for the reuse rule (docs/api/tickets.md, rule Reuse). */
export const OPEN_TICKET_STATUSES: readonly string[] = ['open', 'assigned', 'in_progress', 'queued'];

export type TicketSource = 'chatapp' | 'email' | 'liveChat' | 'instagram' | 'voiceCall' | 'manual';

/** The customer as the ticket saw them at creation (list search by name, phone, email). */
interface TicketCustomerSnapshot {
  readonly name: string | null;
  /** E.164 */
  readonly phone: string | null;
  /** trimmed, lower case */
  readonly email: string | null;
}

export interface TicketCreatedData {
  readonly ticketId: string;
  readonly accountId: string;
  /** Integer, increasing per account, never duplicated. */
  readonly ticketNumber: number;
  readonly status: TicketStatus;
  readonly subject: string | null;
  readonly query: string;
  /** null until the text is processed (fastResponse true: a TicketQueryProcessed event follows). */
  readonly summary: string | null;
  readonly sentiment: TicketSentiment | null;
  /** `done`: summary and sentiment are in this event; `pending`: a TicketQueryProcessed event will follow. */
  readonly textProcessing: 'done' | 'pending';
  readonly orderName: string | null;
  readonly source: TicketSource;
  readonly manualSourceLabel: string | null;
  readonly customerId: string;
  readonly customer: TicketCustomerSnapshot;
  /**
   * The task the ticket is made on, or null: no task. A new ticket is made on the task the request
   * selected; its evaluation (TaskEvaluated, right after) moves it along the task's transitions. In
   * logs of earlier versions, the task after evaluation.
   */
  readonly taskId: string | null;
  /** Team of that task, or null. */
  readonly teamId: string | null;
  /** The task the request selected (currentTaskId or taskName), before transitions. */
  readonly requestedTaskId: string | null;
  /** User id of the access token that created the ticket (null when the token names no known user). */
  readonly createdByUserId: string | null;
  readonly createdByTokenId: string;
  readonly createdAt: string;
  /** Extra context, a JSON document serialized as a string (kept as sent). */
  readonly payload: string | null;
  readonly payloadFormat: string | null;
  readonly relatedTicketNumber: string | null;
  /** Objective values as sent (keyed by objective parameter). */
  readonly objectiveValues: Readonly<Record<string, string>>;
  readonly images: readonly string[];
  /** The parent of a child or interaction ticket; null for a customer-facing root ticket. */
  readonly parentTicketId: string | null;
  /** `ticket` (absent on older events), `child` or `interaction`. */
  readonly ticketType?: 'ticket' | 'child' | 'interaction';
  /** The parameter a child ticket was made with. */
  readonly childTicketParam?: string | null;
  /** The family's root ticket (absent: the ticket itself, or its parent's root for older events). */
  readonly rootTicketId?: string;
  /** true when forceCreateTicket made this ticket although an open one existed. */
  readonly forced: boolean;
  /** The account's SLA policies as they apply to this ticket, due moments included (absent on older events: the account's policies then apply). */
  readonly slaTargets?: readonly SlaTarget[];
}

/** How one data point got its value, or why it has none. */
export type DataPointResolution =
  | {
      readonly name: string;
      readonly source: string;
      readonly status: 'resolved';
      readonly value: unknown;
      /** true: the value came from dataPointOverrides, not from the source. */
      readonly overridden: boolean;
    }
  | {
      readonly name: string;
      readonly source: string;
      readonly status: 'absent';
      /** Why the source gave no value (never invented). */
      readonly reason: string;
      /**
       * true: the source could not answer (no answer in time, unreachable, an error of its own), so
       * a later re-evaluation may fill the value (DataPointsReevaluated). Order and integration
       * data points only: execute actions are never run again.
       */
      readonly retryable?: boolean;
      /** A value the source gave but that was refused (outside possibleValues). */
      readonly rejectedValue?: unknown;
    };

export interface ObjectiveResolution {
  readonly param: string;
  /** The data point the objective is filled from, when configured. */
  readonly from: string | null;
  readonly value: unknown;
  /** `objectiveValues`: sent in the request; `dataPoint`: from its `from` data point; `absent`: no value. */
  readonly origin: 'objectiveValues' | 'dataPoint' | 'absent';
}

type ActionRunStatus = 'succeeded' | 'failed' | 'notFound' | 'invalidInputs' | 'skipped';

export interface ActionRunRecord {
  readonly actionKey: string;
  /** `task`: one of the task's actions; `dataPoint`: the action behind an executeAction data point. */
  readonly purpose: 'task' | 'dataPoint';
  readonly dataPoint?: string;
  readonly status: ActionRunStatus;
  readonly result?: unknown;
  readonly error?: string;
  readonly errors?: readonly string[];
  readonly httpStatus?: number;
  readonly durationMs?: number;
  /** Why it was skipped (skipExecuteAction). */
  readonly reason?: string;
}

export interface TransitionRecord {
  readonly from: string;
  readonly to: string;
  readonly dataPoint: string;
  readonly equals: string;
  /** The value that matched (compared as a string). */
  readonly value: string;
}

/** Evaluation of one task the ticket passed through. */
export interface TaskEvaluationStep {
  readonly taskId: string;
  readonly teamId: string | null;
  readonly dataPoints: readonly DataPointResolution[];
  readonly objectives: readonly ObjectiveResolution[];
  readonly actions: readonly ActionRunRecord[];
  /** The transition taken out of this task, or null. */
  readonly transition: TransitionRecord | null;
}

export interface TaskEvaluatedData {
  readonly ticketId: string;
  readonly accountId: string;
  readonly requestedTaskId: string;
  /** The task the ticket ends on. */
  readonly taskId: string;
  readonly teamId: string | null;
  readonly evaluatedAt: string;
  readonly steps: readonly TaskEvaluationStep[];
  /** Transitions taken, in order. */
  readonly transitions: readonly TransitionRecord[];
  /** A matching transition back to a task already evaluated: it was not followed (no cycles). */
  readonly cycleStopped: TransitionRecord | null;
  /** Override keys in the task's casing. */
  readonly overriddenDataPoints: readonly string[];
  readonly skipExecuteAction: boolean;
  /** Objective values of the final task, by parameter (absent ones left out). */
  readonly objectives: Readonly<Record<string, unknown>>;
  /** Every data point value resolved on the way, by name (absent ones left out). */
  readonly values: Readonly<Record<string, unknown>>;
}

export interface TicketQueryProcessedData {
  readonly ticketId: string;
  readonly accountId: string;
  readonly summary: string | null;
  readonly sentiment: TicketSentiment | null;
  /** Name of the text processor (e.g. `local-afinn`). */
  readonly processor: string;
  readonly processedAt: string;
}

/**
 * Data points the task evaluation could not get because their source did not answer, asked again
 * later (a job): each one's new resolution (a value, an absence for good, or still retryable),
 * and the objectives of the ticket's task filled from the new values. The ticket's task and route
 * stay as evaluated: a late value does not move a ticket an agent may already be working.
 */
export interface DataPointsReevaluatedData {
  readonly ticketId: string;
  readonly accountId: string;
  readonly reevaluatedAt: string;
  /** Which try this was (1: the first re-evaluation). */
  readonly attempt: number;
  readonly dataPoints: readonly DataPointResolution[];
  /** The values found, by data point name. */
  readonly values: Readonly<Record<string, unknown>>;
  /** Objectives of the final task filled from those values, by parameter. */
  readonly objectives: Readonly<Record<string, unknown>>;
}

export type TicketCreated = { readonly type: 'TicketCreated'; readonly data: TicketCreatedData };
export type TaskEvaluated = { readonly type: 'TaskEvaluated'; readonly data: TaskEvaluatedData };
export type TicketQueryProcessed = { readonly type: 'TicketQueryProcessed'; readonly data: TicketQueryProcessedData };

export type DataPointsReevaluated = { readonly type: 'DataPointsReevaluated'; readonly data: DataPointsReevaluatedData };

/** Events of the stream `ticket-<ticketId>`. TicketCreated is first; TaskEvaluated (when a task was selected) is appended with it. */
export type TicketEvent = TicketCreated | TaskEvaluated | DataPointsReevaluated | TicketQueryProcessed | TicketLifecycleEvent | TicketMergeEvent | TicketSplitEvent;

/* ---- ticket numbers ---- */

export const TICKET_NUMBER_STREAM_PREFIX = 'ticket_number-';
export const ticketNumberStream = (accountId: string): string => `${TICKET_NUMBER_STREAM_PREFIX}${accountId}`;

interface TicketNumberAssignedData {
  readonly ticketId: string;
  readonly accountId: string;
  readonly ticketNumber: number;
}
export type TicketNumberAssigned = { readonly type: 'TicketNumberAssigned'; readonly data: TicketNumberAssignedData };
export type TicketNumberEvent = TicketNumberAssigned;

/* ---- open-ticket slots (reuse rule) ---- */

export const OPEN_TICKET_STREAM_PREFIX = 'open_ticket-';
/** The slot of one (account, customer, task) pair; no task counts as the task value "none". */
export const openTicketStream = (accountId: string, customerId: string, taskId: string | null): string =>
  `${OPEN_TICKET_STREAM_PREFIX}${createHash('sha256').update(`${accountId}\u0000${customerId}\u0000${taskId ?? 'none'}`).digest('hex').slice(0, 40)}`;

interface OpenTicketClaimedData {
  readonly ticketId: string;
  readonly accountId: string;
  readonly customerId: string;
  /** The task selected by the request, or null (no task). */
  readonly taskId: string | null;
  readonly forced: boolean;
  /** The process of the request making the ticket: in claims of logs of earlier versions only (the create's one append needs no holder). */
  readonly process?: HolderProcess;
}
export type OpenTicketClaimed = { readonly type: 'OpenTicketClaimed'; readonly data: OpenTicketClaimedData };

/** In logs of earlier versions: the request that claimed the slot failed before its ticket existed, and the slot is free again. */
interface OpenTicketReleasedData {
  readonly ticketId: string;
  readonly accountId: string;
  readonly reason: string;
}
export type OpenTicketReleased = { readonly type: 'OpenTicketReleased'; readonly data: OpenTicketReleasedData };
