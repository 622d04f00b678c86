import { ReadDocument } from '../ports/read-models';
import { BulkOutcomeKind, BulkUpdateStatus } from './bulk-events';
import { TicketRefusal } from '../tickets/lifecycle/ticket-refusal';

/** A document of the bulk-update jobs (_id = job id): what the status route answers from. */
export interface BulkJobDocument extends ReadDocument {
  readonly accountId: string;
  readonly requestedBy: string;
  readonly status: BulkUpdateStatus;
  readonly total: number;
  readonly processed: number;
  readonly changed: number;
  readonly unchanged: number;
  readonly refused: number;
  readonly changes: Readonly<Record<string, unknown>>;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly startedAt?: string;
  readonly completedAt?: string;
  readonly cancelledAt?: string;
  readonly error?: string;
}

/** One ticket's outcome in a job (_id = <jobId>:<ticketId>); seq is its place in the order the job recorded them (from 1). */
export interface BulkOutcomeDocument extends ReadDocument {
  readonly jobId: string;
  readonly seq: number;
  readonly ticketId: string;
  readonly outcome: BulkOutcomeKind;
  readonly events?: readonly string[];
  readonly refusal?: TicketRefusal;
}
