import { TicketCsat, TicketDocument } from './ticket-document';

/** A ticket as the list returns it (docs/api/ticket-list.md, with the additional keys it names when present). */
export interface TicketListItem {
  readonly id: string;
  readonly ticketNumber: number | string | null;
  readonly status: string;
  readonly summary: string | null;
  readonly orderName: string | null;
  readonly source: string | null;
  readonly manualSourceLabel: string | null;
  readonly customerId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string | null;
  readonly assignedToId?: string;
  readonly taskId?: string;
  readonly resolvedAt?: string;
  readonly csat?: TicketCsat;
}

export interface TicketListPage {
  readonly data: readonly TicketListItem[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
  readonly totalPages: number;
}

/** The fields of the read model a list item is made of (nothing internal is read). */
export const TICKET_LIST_ITEM_FIELDS: readonly string[] = [
  'ticketNumber', 'status', 'summary', 'orderName', 'source', 'manualSourceLabel', 'customerId', 'createdAt', 'updatedAt', 'assignedToId', 'taskId',
  'resolvedAt', 'csat',
];

const when = <K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } =>
  (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

export const toTicketListItem = (doc: Partial<TicketDocument> & { _id: string }): TicketListItem => ({
  id: doc._id,
  ticketNumber: doc.ticketNumber ?? null,
  status: doc.status ?? 'open',
  summary: doc.summary ?? null,
  orderName: doc.orderName ?? null,
  source: doc.source ?? null,
  manualSourceLabel: doc.manualSourceLabel ?? null,
  customerId: doc.customerId ?? null,
  createdAt: doc.createdAt ?? '',
  updatedAt: doc.updatedAt ?? null,
  ...when('assignedToId', doc.assignedToId),
  ...when('taskId', doc.taskId),
  ...when('resolvedAt', doc.resolvedAt),
  ...when('csat', doc.csat),
});

/** Rows to skip for a page (1-based). */
const skipFor = (page: number, limit: number): number => (page - 1) * limit;

/**
 * How to read one page of `total` sorted rows: a page in the back half is read from the other end
 * (the order reversed, few rows skipped, the rows reversed again), because skipping costs one step
 * per skipped row in MongoDB and SQLite alike. Exact because the sort is a total order
 * (the _id tie-break). null when the page is past the end.
 */
interface PageWindow {
  readonly reversed: boolean;
  readonly skip: number;
  readonly limit: number;
}

export const pageWindow = (total: number, page: number, limit: number): PageWindow | null => {
  const skip = skipFor(page, limit);
  if (skip >= total) return null;
  const rows = Math.min(limit, total - skip);
  const fromEnd = total - skip - rows;
  return fromEnd < skip ? { reversed: true, skip: fromEnd, limit: rows } : { reversed: false, skip, limit: rows };
};

export const totalPages = (total: number, limit: number): number => Math.ceil(total / limit);
