import * as E from 'fp-ts/Either';
import { Account } from '../config/account-config';
import { DecidedAppend } from '../shared/decider';
import { TicketEvent, ticketStream } from '../tickets/events';
import { ticketOfAccountDecider } from '../tickets/lifecycle/ticket-decider';
import { ticketRefusal } from '../tickets/lifecycle/ticket-refusal';
import { MaybeTicket } from '../tickets/ticket';
import { bulkChangeCommand } from './bulk-change';
import { bulkUpdateDecider } from './bulk-decider';
import { BulkTicketOutcome, BulkUpdateRequestedData, BulkUpdateState, evolveBulkUpdate } from './bulk-events';
import { bulkUpdateStream } from './streams';

/** A ticket of the slice as read, with its stream's revision. */
export interface BulkSliceTicket {
  readonly ticketId: string;
  readonly state: MaybeTicket;
  readonly revision: bigint | null;
}

/** What a slice decided: its tickets' outcomes and the appends (tickets and job together), or that the job is no longer this attempt's to run. */
export type BulkSliceDecision =
  | { readonly stop: true; readonly reason: 'cancelled' | 'finished' | 'superseded'; readonly appends: readonly DecidedAppend[] }
  | { readonly stop: false; readonly outcomes: readonly BulkTicketOutcome[]; readonly appends: readonly DecidedAppend[]; readonly job: BulkUpdateState };

/** One ticket's changes, each command decided on the state the ones before it left; the first refusal ends them. */
const changeTicket = (account: Account, request: BulkUpdateRequestedData, ticket: BulkSliceTicket, at: string): { outcome: BulkTicketOutcome; events: TicketEvent[] } => {
  let state = ticket.state;
  const events: TicketEvent[] = [];
  for (const change of request.commands) {
    const command = bulkChangeCommand({ ...change, at }, account);
    const decided = ticketOfAccountDecider.decide({ accountId: request.accountId, command }, state);
    const refused = E.isLeft(decided) ? ticketRefusal(decided.left) : state === null ? ticketRefusal({ kind: 'TicketNotFound' }) : null;
    if (refused !== null) {
      const types = events.map((e) => e.type);
      return { outcome: { ticketId: ticket.ticketId, outcome: 'refused', refusal: refused, ...(types.length > 0 ? { events: types } : {}) }, events };
    }
    if (E.isRight(decided)) {
      events.push(...decided.right);
      state = decided.right.reduce(ticketOfAccountDecider.evolve, state);
    }
  }
  return { outcome: events.length > 0 ? { ticketId: ticket.ticketId, outcome: 'changed', events: events.map((e) => e.type) } : { ticketId: ticket.ticketId, outcome: 'unchanged' }, events };
};

/**
 * A slice of a bulk update's tickets, decided at once with the job (docs/api/bulk-updates.md): each
 * ticket's changes through the ticket decider, as its single-ticket route decides them, and their
 * outcomes recorded on the job, all in one append that expects every ticket and the job at the
 * revisions read. So a ticket is changed only with its outcome recorded, and only while the job runs
 * under this attempt: a cancel (or a newer attempt) appended meanwhile refuses the slice, which is
 * decided again on the job as it now stands, and stops.
 */
export const decideBulkSlice = (
  account: Account, job: { readonly state: BulkUpdateState; readonly revision: bigint | null }, attempt: number, tickets: readonly BulkSliceTicket[], now: Date,
): BulkSliceDecision => {
  const { state } = job;
  if (state.status === 'cancelled') return { stop: true, reason: 'cancelled', appends: [] };
  if (state.status !== 'running' || state.request === null) return { stop: true, reason: 'finished', appends: [] };
  if (state.attempt !== attempt) return { stop: true, reason: 'superseded', appends: [] };
  const at = now.toISOString();
  const changed = tickets.map((t) => ({ ticket: t, ...changeTicket(account, state.request as BulkUpdateRequestedData, t, at) }));
  const outcomes = changed.map((c) => c.outcome);
  const recorded = bulkUpdateDecider.decide({ type: 'RecordOutcomes', attempt, outcomes, now }, state);
  if (E.isLeft(recorded)) return { stop: true, reason: 'superseded', appends: [] };
  return {
    stop: false,
    outcomes,
    // The job as this slice leaves it (its outcomes counted).
    job: recorded.right.reduce(evolveBulkUpdate, state),
    appends: [
      ...changed.filter((c) => c.events.length > 0).map((c) => ({ streamName: ticketStream(c.ticket.ticketId), events: c.events, expectedRevision: c.ticket.revision ?? ('no_stream' as const) })),
      { streamName: bulkUpdateStream(state.request.jobId), events: recorded.right, expectedRevision: job.revision ?? 'no_stream' },
    ],
  };
};
