import { Collection, pageWindow, reversedSort, TICKET_LIST_ITEM_FIELDS, TicketDocument, TicketQuery } from '@support/domain';

export interface TicketRows {
  readonly docs: readonly TicketDocument[];
  readonly total: number;
}

/**
 * One page of the matching tickets and how many match. The first page is read first: when it is
 * not full it holds every match, so no count is needed (a sparse search scans once, not twice).
 * Other pages count first, then read the page from the nearer end (see pageWindow).
 */
export const readTicketPage = async (tickets: Collection<TicketDocument>, query: TicketQuery, page: number, limit: number): Promise<TicketRows> => {
  const read = (sort: TicketQuery['sort'], skip: number, rows: number) =>
    tickets.find(query.filter, { sort, skip, limit: rows, projection: TICKET_LIST_ITEM_FIELDS, readOnly: true }).toArray();
  if (page === 1) {
    const docs = await read(query.sort, 0, limit);
    return { docs, total: docs.length < limit ? docs.length : await tickets.countDocuments(query.filter) };
  }
  const total = await tickets.countDocuments(query.filter);
  const window = pageWindow(total, page, limit);
  if (window === null) return { docs: [], total };
  if (!window.reversed) return { docs: await read(query.sort, window.skip, window.limit), total };
  return { docs: (await read(reversedSort(query.sort), window.skip, window.limit)).reverse(), total };
};
