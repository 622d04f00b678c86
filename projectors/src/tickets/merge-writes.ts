import { DocumentWrite, ProjectionReads, storedTimestamp, TicketDocument, TicketMergeEvent, TICKETS_COLLECTION } from '@support/domain';
import { union } from './customer-lookup';
import { familyFields } from './family';
import { familyRootOf } from './family-root';
import { ticketWrite } from './ticket-writes';

const ts = (value: string): string => storedTimestamp(value) ?? value;

/**
 * The read-model writes of a merge (docs/api/merge-and-split.md). A source says where it went
 * (`mergedIntoTicketId`) from its own event; once the target records the merge, each source joins
 * the target's family (`parentTicketId` the target, `rootTicketId` the target's root), its family's
 * totals join those of the target's root, and its own are dropped (they count on the survivor).
 */
export const mergeWrites = async (reads: ProjectionReads, e: TicketMergeEvent): Promise<readonly DocumentWrite[]> => {
  const get = (id: string) => reads.get<TicketDocument>(TICKETS_COLLECTION, id);
  switch (e.type) {
    case 'TicketMergedInto':
      return [ticketWrite(e.data.ticketId, { mergedIntoTicketId: e.data.targetTicketId, updatedAt: ts(e.data.at) })];
    case 'TicketMergeWithdrawn':
      return [ticketWrite(e.data.ticketId, { mergedIntoTicketId: null, updatedAt: ts(e.data.at) })];
    case 'TicketsMerged': {
      const target = await get(e.data.ticketId);
      if (target === null) return [];
      const root = (await familyRootOf(reads, target)) ?? target;
      const sets = new Map<string, Record<string, unknown>>();
      const set = (id: string, fields: Record<string, unknown>) => sets.set(id, { ...(sets.get(id) ?? {}), ...fields });
      set(target._id, { mergedTicketIds: union(target.mergedTicketIds ?? [], e.data.sourceTicketIds), updatedAt: ts(e.data.at) });
      let family: Pick<TicketDocument, 'family' | 'voiceFcr'> = root;
      for (const id of e.data.sourceTicketIds) {
        const source = await get(id);
        if (source === null) continue;
        const own = source.rootTicketId === undefined || source.rootTicketId === source._id ? source.family ?? null : null;
        family = familyFields(family, { kind: 'merged', family: own, source: source.source ?? null, at: source.createdAt });
        set(id, { parentTicketId: target._id, rootTicketId: root._id, family: null, voiceFcr: null });
      }
      set(root._id, family);
      return [...sets].map(([id, fields]) => ticketWrite(id, fields));
    }
    default:
      return [];
  }
};
