import * as E from 'fp-ts/Either';
import type { MaybeTicket } from '../ticket';
import type { TicketError } from '../lifecycle/commands';

/** A ticket named by a merge request, as read from its stream. */
export interface MergeParty {
  readonly ticketId: string;
  readonly state: MaybeTicket;
}

const invalid = (message: string): TicketError => ({ kind: 'InvalidTicketCommand', field: 'sourceTicketIds', message });

/**
 * Whether the target and its sources, as read (and the target's ancestors, parent first), may be merged by `mergeId`, before anything is
 * written: the first refusal, else nothing. Each source is decided again on its own stream when it
 * is written (merge-decisions.ts), which catches a merge that raced this one.
 */
export const checkMerge = (
  accountId: string, mergeId: string, target: MergeParty, sources: readonly MergeParty[], targetAncestors: readonly string[] = [],
): E.Either<TicketError, void> => {
  const t = target.state;
  if (t === null || t.accountId !== accountId) return E.left({ kind: 'TicketNotFound' });
  const ids = sources.map((s) => s.ticketId);
  if (ids.includes(target.ticketId)) return E.left(invalid(`sourceTicketIds names the target ticket ${target.ticketId} itself: a ticket cannot be merged into itself; remove it`));
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) return E.left(invalid(`sourceTicketIds names ticket ${twice} twice: name each source once`));
  if (t.mergedInto !== null && !t.mergeIds.includes(mergeId)) return E.left({ kind: 'TicketMerged', ticketId: t.ticketId, mergedIntoTicketId: t.mergedInto.targetTicketId });
  for (const { ticketId, state: s } of sources) {
    if (s === null || s.accountId !== accountId) return E.left({ kind: 'MergeSourceNotFound', ticketId });
    if (s.mergedInto !== null && s.mergedInto.mergeId !== mergeId) return E.left({ kind: 'TicketMerged', ticketId, mergedIntoTicketId: s.mergedInto.targetTicketId });
    // The target inside a source's family (the source is its parent, grandparent, ..., root): the source would become its own descendant.
    if (t.rootTicketId === ticketId || t.parentTicketId === ticketId || targetAncestors.includes(ticketId)) {
      return E.left(invalid(`Merging ticket ${ticketId} into ${target.ticketId} would make a cycle: ${target.ticketId} is in the family of ${ticketId}; merge ${target.ticketId} into ${ticketId} instead`));
    }
  }
  return E.right(undefined);
};
