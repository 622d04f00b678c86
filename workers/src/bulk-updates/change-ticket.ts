import * as E from 'fp-ts/Either';
import {
  Account, bulkChangeCommand, BulkTicketOutcome, BulkUpdateRequestedData, bulkUpdateStream, CommandContext, EventStore, TicketRefusal, ticketRefusal, ticketStream,
} from '@support/domain';
import { handleTicketOfAccount, WriteDeps } from '@support/event-sourcing';

const CONTENTION: TicketRefusal = { status: 503, message: 'Other requests kept writing this ticket while the bulk update changed it: change it again on its own' };

/** The events this job appended to the ticket before (an attempt that died between the ticket's append and the record of its outcome). */
const appendedByJob = async (eventStore: EventStore, ticketId: string, jobStream: string): Promise<string[]> => {
  const types: string[] = [];
  for await (const e of eventStore.readStream(ticketStream(ticketId))) if (e.metadata.causationId === jobStream) types.push(e.type);
  return types;
};

/**
 * One ticket of a bulk update: each change's command through the ticket's command handler, as the
 * single-ticket route sends it (the same decider, rules and events), with the job as the events'
 * causation. A change the ticket already has appends nothing, so doing a ticket again changes
 * nothing twice; a later attempt also finds what an earlier one appended (`retried`), so the
 * outcome of a ticket changed just before its worker died is still `changed`. The first refusal
 * ends the ticket's changes, with the reason the single-ticket route gives.
 */
export const changeTicket = async (
  deps: WriteDeps & { readonly eventStore: EventStore }, account: Account, request: BulkUpdateRequestedData, ticketId: string, now: Date, retried: boolean,
): Promise<BulkTicketOutcome> => {
  const jobStream = bulkUpdateStream(request.jobId);
  const events = retried ? await appendedByJob(deps.eventStore, ticketId, jobStream) : [];
  const ctx: CommandContext = { accountId: request.accountId, userId: request.tokenId, requestId: request.jobId, correlationId: jobStream, causationId: jobStream, now };
  for (const change of request.commands) {
    const command = bulkChangeCommand({ ...change, at: now.toISOString() }, account);
    const handled = await handleTicketOfAccount(deps, ticketStream(ticketId), { accountId: request.accountId, command }, ctx);
    const refusal = E.isLeft(handled)
      ? (handled.left.kind === 'ConcurrencyConflict' ? CONTENTION : ticketRefusal(handled.left))
      : handled.right.state === null ? ticketRefusal({ kind: 'TicketNotFound' }) : null;
    if (refusal !== null) return { ticketId, outcome: 'refused', refusal, ...(events.length > 0 ? { events } : {}) };
    if (E.isRight(handled)) events.push(...handled.right.newEvents.map((e) => e.type));
  }
  return events.length > 0 ? { ticketId, outcome: 'changed', events } : { ticketId, outcome: 'unchanged' };
};
