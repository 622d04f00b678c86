import { DocumentWrite, ProjectionReads, storedTimestamp, TicketDocument, TicketSplitEvent, TICKETS_COLLECTION } from '@support/domain';
import { union } from './customer-lookup';
import { familyFields } from './family';
import { familyRootOf } from './family-root';
import { ticketWrite } from './ticket-writes';

/**
 * The read-model writes of a split (docs/api/merge-and-split.md): the ticket split names its new
 * tickets, and its family's totals no longer count the interactions that left (the new ticket's
 * own events, recorded again on its stream, count them in its family); the new ticket names the
 * ticket it came from.
 */
export const splitWrites = async (reads: ProjectionReads, e: TicketSplitEvent): Promise<readonly DocumentWrite[]> => {
  const doc = await reads.get<TicketDocument>(TICKETS_COLLECTION, e.data.ticketId);
  if (doc === null) return [];
  if (e.type === 'TicketSplitFrom') return [ticketWrite(doc._id, { splitFromTicketId: e.data.fromTicketId })];
  const d = e.data;
  const own = { splitTicketIds: union(doc.splitTicketIds ?? [], [d.newTicketId]), updatedAt: storedTimestamp(d.at) ?? d.at };
  const root = await familyRootOf(reads, doc);
  if (root === null) return [ticketWrite(doc._id, own)];
  const family = familyFields(root, { kind: 'splitOff', emailMessageIds: d.emailMessageIds, callIds: d.callIds, chatSessionIds: d.chatSessionIds });
  return root._id === doc._id ? [ticketWrite(doc._id, { ...own, ...family })] : [ticketWrite(doc._id, own), ticketWrite(root._id, family)];
};
