import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok } from '@support/http-edge';
import {
  checkMerge, CommandContext, decodeRequest, MergeRequest, Position, Principal, READ_YOUR_WRITES_MS, TicketCommand, ticketDecider, TicketState, ticketStream,
} from '@support/domain';
import { handleTicketOfAccount, loadStream } from '@support/event-sourcing';
import { ticketProblem } from '../lifecycle/ticket-problem';
import { WorkTicketDeps } from '../lifecycle/work-ticket';
import { ticketView } from '../ticket-view';
import { mergeIdOf } from './merge-id';

type Step = E.Either<HttpProblem, { readonly state: TicketState; readonly appended: Position | null }>;

/** One command of the merge on one ticket, through the ticket decider's handler (decided on the stream's latest state). */
const step = async (deps: WorkTicketDeps, ctx: CommandContext, ticketId: string, command: TicketCommand): Promise<Step> => {
  const handled = await handleTicketOfAccount(deps, ticketStream(ticketId), { accountId: ctx.accountId, command }, ctx);
  if (E.isLeft(handled)) return E.left(ticketProblem(handled.left));
  const { state, appended } = handled.right;
  if (state === null) return E.left(ticketProblem({ kind: 'MergeSourceNotFound', ticketId }));
  return E.right({ state, appended: appended === null ? null : appended.position });
};

/** A family is a few levels deep: its ancestors are read up to this many. */
const MAX_ANCESTORS = 16;

/** The ticket's parent, grandparent, ... up to its family's root. */
const ancestorsOf = async (ticket: TicketState | null, read: (id: string) => Promise<{ state: TicketState | null }>): Promise<string[]> => {
  const ancestors: string[] = [];
  let parentId = ticket?.parentTicketId ?? null;
  while (parentId !== null && ancestors.length < MAX_ANCESTORS && !ancestors.includes(parentId)) {
    ancestors.push(parentId);
    parentId = (await read(parentId)).state?.parentTicketId ?? null;
  }
  return ancestors;
};

/** Takes back the sources a refused merge had written (their target refused it, or another merge took a later source first). */
const withdraw = async (deps: WorkTicketDeps, ctx: CommandContext, mergeId: string, sourceIds: readonly string[], reason: string): Promise<void> => {
  const { deadline: _deadline, ...withdrawal } = ctx;
  for (const ticketId of [...sourceIds].reverse()) {
    await handleTicketOfAccount(deps, ticketStream(ticketId), { accountId: ctx.accountId, command: { type: 'WithdrawMerge', mergeId, reason, at: ctx.now.toISOString() } }, withdrawal);
  }
};

/**
 * POST /apis/tickets/{targetId}/merge (docs/api/merge-and-split.md). Checks the target and every
 * source as read (nothing is written on a refusal), then writes each source (in id order, so two
 * merges that share sources meet at the first one they share) and last the target, each with the
 * revision it read. A source or target that another merge changed in between refuses on its own
 * stream; the sources this merge had written are then withdrawn, and the answer is that refusal.
 */
export const mergeTickets = async (
  deps: WorkTicketDeps,
  principal: Principal,
  ctx: CommandContext,
  targetTicketId: string,
  body: unknown,
): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const decoded = decodeRequest(MergeRequest, body ?? {});
  if (E.isLeft(decoded)) return E.left(ticketProblem(decoded.left));
  const { sourceTicketIds, note } = decoded.right;
  const mergeId = mergeIdOf(ctx.accountId, targetTicketId, sourceTicketIds);
  const read = async (ticketId: string) => ({ ticketId, state: (await loadStream(deps.eventStore, ticketStream(ticketId), ticketDecider)).state });
  const [target, ...sources] = await Promise.all([targetTicketId, ...sourceTicketIds].map(read));
  const checked = checkMerge(ctx.accountId, mergeId, target, sources, await ancestorsOf(target.state, read));
  if (E.isLeft(checked)) return E.left(ticketProblem(checked.left));

  const byUserId = principal.user?.id ?? null;
  const at = ctx.now.toISOString();
  const written: string[] = [];
  // The appends follow one another, so the last one is the furthest in the log.
  let last: Position | null = null;
  for (const ticketId of [...sourceTicketIds].sort()) {
    const merged = await step(deps, ctx, ticketId, { type: 'MergeInto', targetTicketId, mergeId, note: note ?? null, byUserId, at });
    if (E.isLeft(merged)) {
      await withdraw(deps, ctx, mergeId, written, `ticket ${ticketId} could not be merged (${merged.left.status})`);
      return merged;
    }
    written.push(ticketId);
    last = merged.right.appended ?? last;
  }
  const absorbed = await step(deps, ctx, targetTicketId, { type: 'AbsorbMerge', mergeId, sourceTicketIds, note: note ?? null, byUserId, at });
  if (E.isLeft(absorbed)) {
    await withdraw(deps, ctx, mergeId, written, `the target ${targetTicketId} refused the merge (${absorbed.left.status})`);
    return absorbed;
  }
  last = absorbed.right.appended ?? last;
  if (last !== null && deps.readModels.length > 0) await deps.progress.waitFor(deps.readModels, last, READ_YOUR_WRITES_MS);
  return ok({ success: true, ticketId: targetTicketId, mergeId, mergedTicketIds: sourceTicketIds, changed: last !== null, ticket: ticketView(absorbed.right.state) });
};
