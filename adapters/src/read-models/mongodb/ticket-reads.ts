import {
  pageWindow, reversedCriteria, sortablePosition, type Position, type ReadDocument, type ReadOptions, type TicketCriteria, type TicketPage, type TicketReads, type TicketSnapshot,
} from '@support/domain';
import type { Collection, Document } from 'mongodb';
import { cursorBatches } from './cursor-batches';
import { HIDDEN_FIELDS } from './internal-fields';
import { withinBudget } from './read-budget';
import { ticketFilter, ticketSort } from './ticket-filter';

/** Tickets an export stream reads at once (the cursor's batch size). */
const STREAM_BATCH = 500;

/**
 * The list's pages, counts and the export's stream over the tickets collection, by the criteria
 * compiled once per call (ticket-filter). Every query of a page, count or test of existence runs
 * within the read's budget (read-budget: the server's maxTimeMS, ReadBudgetExceeded past it).
 */
export class MongoTicketReads implements TicketReads {
  constructor(private readonly tickets: () => Collection<Document>, private readonly checkpoint: (readModel: string) => Promise<Position | null>) {}

  private rows<T extends ReadDocument>(c: TicketCriteria, skip: number, limit: number, fields: readonly string[], options: ReadOptions): Promise<T[]> {
    const projection = Object.fromEntries([['_id', 1], ...fields.filter((f) => f !== '_id').map((f) => [f, 1])]);
    return withinBudget(options, (maxTimeMS) => this.tickets().find<T>(ticketFilter(c), { sort: ticketSort(c), skip, limit, projection, maxTimeMS }).toArray());
  }

  /**
   * The first page is read first: when it is not full it holds every match, and no count is needed.
   * Other pages count first, then read the page from the nearer end (pageWindow: a skip costs a step
   * per skipped ticket). A limit below 1 reads no tickets (MongoDB's limit 0 would read them all).
   */
  async page<T extends ReadDocument>(c: TicketCriteria, page: number, limit: number, fields: readonly string[], options: ReadOptions = {}): Promise<TicketPage<T>> {
    if (limit < 1) return { docs: [], total: await this.count(c, options) };
    if (page === 1) {
      const docs = await this.rows<T>(c, 0, limit, fields, options);
      return { docs, total: docs.length < limit ? docs.length : await this.count(c, options) };
    }
    const total = await this.count(c, options);
    const window = pageWindow(total, page, limit);
    if (window === null) return { docs: [], total };
    if (!window.reversed) return { docs: await this.rows<T>(c, window.skip, window.limit, fields, options), total };
    return { docs: (await this.rows<T>(reversedCriteria(c), window.skip, window.limit, fields, options)).reverse(), total };
  }

  count(c: TicketCriteria, options: ReadOptions = {}): Promise<number> {
    return withinBudget(options, (maxTimeMS) => this.tickets().countDocuments(ticketFilter(c), { maxTimeMS }));
  }

  /**
   * The checkpoint first, then the tickets created up to it: the documents of a batch are written
   * before its checkpoint, so every ticket up to it is there, and those written past it are left out.
   */
  async countAt(c: TicketCriteria, readModel: string, options: ReadOptions = {}): Promise<TicketSnapshot> {
    const position = await this.checkpoint(readModel);
    return { total: await this.count({ ...c, createdUpTo: position === null ? '' : sortablePosition(position) }, options), position };
  }

  async exists(c: TicketCriteria, options: ReadOptions = {}): Promise<boolean> {
    return (await withinBudget(options, (maxTimeMS) => this.tickets().findOne(ticketFilter(c), { projection: { _id: 1 }, maxTimeMS }))) !== null;
  }

  /**
   * One cursor in the criteria's order, STREAM_BATCH tickets a batch (cursor-batches). Not a snapshot:
   * MongoDB reads at a point in time only in a snapshot session, which a standalone server refuses
   * and which lasts minutes at most; a ticket changed while the stream is read is read as it is when
   * its batch is, and one whose sort timestamp moves past the cursor may be read twice or not at all.
   * An export bounds its tickets by createdAtMost, so tickets made later are never read.
   */
  async *stream<T extends ReadDocument>(c: TicketCriteria): AsyncIterable<readonly T[]> {
    const cursor = this.tickets().find<T>(ticketFilter(c), { sort: ticketSort(c), projection: HIDDEN_FIELDS, batchSize: STREAM_BATCH });
    yield* cursorBatches(cursor, STREAM_BATCH);
  }
}
