import * as E from 'fp-ts/Either';
import { contention, HttpAnswer, HttpProblem, ok } from '@support/http-edge';
import {
  checkMerge, CommandContext, DecidedAppend, decideMerge, decodeRequest, evolveTicket, MergeRequest, Principal, READ_YOUR_WRITES_MS, ticketDecider, TicketError, TicketState, ticketStream,
} from '@support/domain';
import { decideAndAppend, loadStream } from '@support/event-sourcing';
import { ticketProblem } from '../lifecycle/ticket-problem';
import { WorkTicketDeps } from '../lifecycle/work-ticket';
import { ticketView } from '../ticket-view';
import { mergeIdOf } from './merge-id';

/** A family is a few levels deep: its ancestors are read up to this many. */
const MAX_ANCESTORS = 16;

interface TicketRead {
  readonly ticketId: string;
  readonly state: TicketState | null;
  readonly revision: bigint | null;
}

/** The ticket's parent, grandparent, ... up to its family's root. */
const ancestorsOf = async (ticket: TicketState | null, read: (id: string) => Promise<TicketRead>): Promise<string[]> => {
  const ancestors: string[] = [];
  let parentId = ticket?.parentTicketId ?? null;
  while (parentId !== null && ancestors.length < MAX_ANCESTORS && !ancestors.includes(parentId)) {
    ancestors.push(parentId);
    parentId = (await read(parentId)).state?.parentTicketId ?? null;
  }
  return ancestors;
};

type MergeDecision =
  | { readonly problem: TicketError; readonly appends: readonly DecidedAppend[] }
  | { readonly problem: null; readonly target: TicketState; readonly appends: readonly DecidedAppend[] };

/**
 * POST /apis/tickets/{targetId}/merge (docs/api/merge-and-split.md). One decision on the target and
 * every source as read, written in one append: each source closed and merged into the target, the
 * target recording the merge, every stream expected at the revision read. A ticket another merge (or
 * any command) changed in between makes the append refused, and the merge is read and decided again:
 * of two merges racing for a source one takes it and the other is refused with the reason. Nothing
 * is ever half written, so nothing is to be taken back.
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
  const byUserId = principal.user?.id ?? null;
  const at = ctx.now.toISOString();
  const read = async (ticketId: string): Promise<TicketRead> => ({ ticketId, ...(await loadStream(deps.eventStore, ticketStream(ticketId), ticketDecider)) });

  const handled = await decideAndAppend(deps, ctx, {
    load: async () => {
      const [target, ...sources] = await Promise.all([targetTicketId, ...sourceTicketIds].map(read));
      return { target, sources, ancestors: await ancestorsOf(target.state, read) };
    },
    decide: ({ target, sources, ancestors }): MergeDecision => {
      const refused = (problem: TicketError): MergeDecision => ({ problem, appends: [] });
      const checked = checkMerge(ctx.accountId, mergeId, target, sources, ancestors);
      if (E.isLeft(checked)) return refused(checked.left);
      const appends: DecidedAppend[] = [];
      for (const source of sources) {
        if (source.state === null) return refused({ kind: 'MergeSourceNotFound', ticketId: source.ticketId });
        const merged = decideMerge(source.state, { type: 'MergeInto', targetTicketId, mergeId, note: note ?? null, byUserId, at });
        if (E.isLeft(merged)) return refused(merged.left);
        appends.push({ streamName: ticketStream(source.ticketId), events: merged.right, expectedRevision: source.revision ?? 'no_stream' });
      }
      if (target.state === null) return refused({ kind: 'TicketNotFound' });
      const absorbed = decideMerge(target.state, { type: 'AbsorbMerge', mergeId, sourceTicketIds, note: note ?? null, byUserId, at });
      if (E.isLeft(absorbed)) return refused(absorbed.left);
      appends.push({ streamName: ticketStream(targetTicketId), events: absorbed.right, expectedRevision: target.revision ?? 'no_stream' });
      return { problem: null, target: absorbed.right.reduce(evolveTicket, target.state) ?? target.state, appends };
    },
  });
  if (E.isLeft(handled)) return E.left(contention('tickets of this merge'));
  const { decision, appended } = handled.right;
  if (decision.problem !== null) return E.left(ticketProblem(decision.problem));
  if (appended !== null && deps.readModels.length > 0) await deps.progress.waitFor(deps.readModels, appended.position, READ_YOUR_WRITES_MS);
  return ok({ success: true, ticketId: targetTicketId, mergeId, mergedTicketIds: sourceTicketIds, changed: appended !== null, ticket: ticketView(decision.target) });
};
