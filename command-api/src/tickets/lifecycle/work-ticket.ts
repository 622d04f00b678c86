import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok } from '@support/http-edge';
import { CommandContext, ProjectionProgress, READ_YOUR_WRITES_MS, TicketCommand, TicketState, ticketStream } from '@support/domain';
import { handleTicketOfAccount, WriteDeps } from '@support/event-sourcing';
import { ticketProblem } from './ticket-problem';
import { ticketView } from '../ticket-view';

export interface WorkTicketDeps extends WriteDeps {
  readonly progress: ProjectionProgress;
  /** Read models a client expects to see the change in when the answer comes (read your writes). */
  readonly readModels: readonly string[];
}


/**
 * One lifecycle command on one ticket, through the command handler: decided on the latest state,
 * appended with the revision read (a lost race decides again), then answered once the read models
 * have it. A command that changes nothing appends nothing and answers 200 all the same.
 */
export const workTicket = async (
  deps: WorkTicketDeps,
  ctx: CommandContext,
  ticketId: string,
  command: TicketCommand,
): Promise<E.Either<HttpProblem, { readonly ticket: TicketState; readonly appended: readonly string[] }>> => {
  const handled = await handleTicketOfAccount(deps, ticketStream(ticketId), { accountId: ctx.accountId, command }, ctx);
  if (E.isLeft(handled)) return E.left(ticketProblem(handled.left));
  const { state, appended, newEvents } = handled.right;
  if (state === null) return E.left(ticketProblem({ kind: 'TicketNotFound' }));
  if (appended !== null && deps.readModels.length > 0) await deps.progress.waitFor(deps.readModels, appended.position, READ_YOUR_WRITES_MS);
  return E.right({ ticket: state, appended: newEvents.map((e) => e.type) });
};

/** The answer of a lifecycle command: the ticket after it, and the events it appended (none: nothing changed). */
export const workedAnswer = (r: { readonly ticket: TicketState; readonly appended: readonly string[] }): E.Either<HttpProblem, HttpAnswer> =>
  ok({ success: true, ticketId: r.ticket.ticketId, changed: r.appended.length > 0, events: r.appended, ticket: ticketView(r.ticket) });
