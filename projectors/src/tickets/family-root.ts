import { ProjectionReads, TicketDocument, TICKETS_COLLECTION } from '@support/domain';

/** A root merged into another family points to that family's root: followed at most this many times. */
const MAX_HOPS = 8;

/**
 * The document that holds a ticket's family totals: its root's, or, once that root was merged into
 * another ticket (docs/api/merge-and-split.md), the root of the family it was merged into.
 */
export const familyRootOf = async (reads: ProjectionReads, doc: TicketDocument): Promise<TicketDocument | null> => {
  const rootId = doc.rootTicketId ?? doc.parentTicketId ?? doc._id;
  return followMerges(reads, rootId === doc._id ? doc : await reads.get<TicketDocument>(TICKETS_COLLECTION, rootId));
};

/** The family root a root document stands for now: itself, or the root of the family it was merged into. */
export const followMerges = async (reads: ProjectionReads, rootDoc: TicketDocument | null): Promise<TicketDocument | null> => {
  let root = rootDoc;
  for (let hop = 0; hop < MAX_HOPS && root !== null && root.rootTicketId !== undefined && root.rootTicketId !== root._id; hop += 1) {
    root = await reads.get<TicketDocument>(TICKETS_COLLECTION, root.rootTicketId);
  }
  return root;
};
