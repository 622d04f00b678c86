import type { Position } from '../../ports/event-store';
import type { ReadOptions } from '../../ports/read-budget';
import type { ReadDocument } from '../../ports/read-document';
import type { TicketCriteria } from './ticket-criteria';

/** One page of the matching tickets in the criteria's order, and how many match in all. */
export interface TicketPage<T> {
  readonly docs: readonly T[];
  readonly total: number;
}

/** A total and the log position the read model had applied when it was counted (null: nothing yet). */
export interface TicketSnapshot {
  readonly total: number;
  readonly position: Position | null;
}

/** What the list, the export and the export's start ask of the ticket read model. */
export interface TicketReads {
  /** Page `page` (from 1) of `limit` tickets, with the total; only `fields` are read (the id always). */
  page<T extends ReadDocument>(criteria: TicketCriteria, page: number, limit: number, fields: readonly string[], options?: ReadOptions): Promise<TicketPage<T>>;
  count(criteria: TicketCriteria, options?: ReadOptions): Promise<number>;
  /** Whether any ticket matches. */
  exists(criteria: TicketCriteria, options?: ReadOptions): Promise<boolean>;
  /**
   * The total, and the position of the log that the read model `readModel` had applied when it was
   * counted: every ticket created up to that position is counted, none created after it (an
   * export's snapshot, with `createdUpTo`).
   */
  countAt(criteria: TicketCriteria, readModel: string, options?: ReadOptions): Promise<TicketSnapshot>;
  /**
   * Every match in the criteria's order, as arrays read at once (a consumer of millions loops over
   * each without an await per ticket). Memory stays flat whatever the number of matches. SQLite
   * reads one moment of the read model (a snapshot); MongoDB reads a cursor, in which a ticket
   * whose sort timestamp changes during the stream may be met twice or not at all (the export's
   * snapshot criteria bound it to tickets created before the request, so only updatedAt sorts can).
   */
  stream<T extends ReadDocument>(criteria: TicketCriteria): AsyncIterable<readonly T[]>;
}
