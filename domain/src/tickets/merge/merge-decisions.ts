import * as E from 'fp-ts/Either';
import type { TicketEvent } from '../events';
import type { TicketState } from '../ticket';
import type { TicketCommand, TicketError } from '../lifecycle/commands';

type Decision = E.Either<TicketError, readonly TicketEvent[]>;
type MergeCommand = Extract<TicketCommand, { type: 'MergeInto' | 'AbsorbMerge' | 'WithdrawMerge' }>;

/** The commands a merged ticket still takes: its merge's own, and the workers' (text, data points, SLA outcomes, CSAT). */
const TAKEN_WHEN_MERGED: ReadonlySet<TicketCommand['type']> = new Set([
  'MergeInto', 'AbsorbMerge', 'WithdrawMerge', 'ProcessQuery', 'RecordReevaluation', 'RecordTaskEvaluation', 'RecordSlaOutcomes', 'SendCsat', 'CreateTicket',
]);

/** A command sent to a merged ticket is refused, naming the surviving ticket; null when the command may go on. */
export const refusedWhenMerged = (t: TicketState, c: TicketCommand): TicketError | null =>
  t.mergedInto !== null && !TAKEN_WHEN_MERGED.has(c.type) ? { kind: 'TicketMerged', ticketId: t.ticketId, mergedIntoTicketId: t.mergedInto.targetTicketId } : null;

export const isMergeCommand = (c: TicketCommand): c is MergeCommand => c.type === 'MergeInto' || c.type === 'AbsorbMerge' || c.type === 'WithdrawMerge';

const merged = (t: TicketState): TicketError | null =>
  t.mergedInto === null ? null : { kind: 'TicketMerged', ticketId: t.ticketId, mergedIntoTicketId: t.mergedInto.targetTicketId };

/**
 * A merge's commands on one ticket's stream. Each is decided again on the stream's latest state
 * (the handler's revision check), so of two merges racing for a source one takes it and the other
 * is refused; the same merge sent twice (same mergeId) changes nothing the second time.
 */
export const decideMerge = (t: TicketState, c: MergeCommand): Decision => {
  const ids = { ticketId: t.ticketId, accountId: t.accountId };
  switch (c.type) {
    case 'MergeInto': {
      if (t.mergedInto?.mergeId === c.mergeId) return E.right([]);
      const already = merged(t);
      if (already !== null) return E.left(already);
      if (c.targetTicketId === t.ticketId) return E.left({ kind: 'InvalidTicketCommand', field: 'sourceTicketIds', message: 'A ticket cannot be merged into itself: remove the target ticket from sourceTicketIds' });
      const close: TicketEvent[] = t.status === 'closed' ? [] : [{
        type: 'TicketStatusChanged', data: { ...ids, from: t.status, to: 'closed', resolvedBy: null, changedById: c.byUserId, at: c.at },
      }];
      return E.right([...close, {
        type: 'TicketMergedInto',
        data: { ...ids, mergeId: c.mergeId, targetTicketId: c.targetTicketId, previousStatus: t.status, note: c.note, mergedById: c.byUserId, at: c.at },
      }]);
    }
    case 'AbsorbMerge': {
      if (t.mergeIds.includes(c.mergeId)) return E.right([]);
      const already = merged(t);
      if (already !== null) return E.left(already);
      return E.right([{ type: 'TicketsMerged', data: { ...ids, mergeId: c.mergeId, sourceTicketIds: c.sourceTicketIds, note: c.note, mergedById: c.byUserId, at: c.at } }]);
    }
    case 'WithdrawMerge': {
      const m = t.mergedInto;
      if (m?.mergeId !== c.mergeId) return E.right([]);
      const reopen: TicketEvent[] = m.previousStatus === t.status ? [] : [{
        type: 'TicketStatusChanged', data: { ...ids, from: t.status, to: m.previousStatus, resolvedBy: null, changedById: null, at: c.at },
      }];
      return E.right([{ type: 'TicketMergeWithdrawn', data: { ...ids, mergeId: c.mergeId, targetTicketId: m.targetTicketId, reason: c.reason, at: c.at } }, ...reopen]);
    }
    default:
      return E.right([]);
  }
};
