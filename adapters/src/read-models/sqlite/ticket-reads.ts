import type Database from 'better-sqlite3';
import { ReadDocument, ReadOptions, TicketCriteria, TicketPage, TicketReads, TicketSnapshot } from '@support/domain';
import { TimeSlice } from '@support/event-sourcing';
import { criteriaOrder, criteriaWhere, SearchIndex, TICKETS_TABLE } from './ticket-criteria-sql';
import { accountSearchTable } from './search-tables';
import { Statements } from './statements';
import { ReaderPool } from './readers/reader-pool';
import { TableLayout } from './table-layout';
import { quoted } from './sql-values';

/**
 * Tickets an export stream parses and hands over at once: few, so that each is garbage before the
 * young generation is collected, instead of living through collections while its rows are written
 * and being promoted to the old generation.
 */
const STREAM_BATCH = 64;

/** The search index as a connection sees it, each fragment looked up as a phrase. */
const phraseIndex = (db: Database.Database): SearchIndex => {
  const statements = new Statements(db);
  return { tableOf: (accountId) => accountSearchTable(statements, TICKETS_TABLE, accountId), plan: () => ({ kind: 'phrase' }) };
};

const selectSql = (db: Database.Database, c: TicketCriteria): { sql: string; params: readonly unknown[] } => {
  const where = criteriaWhere(c, phraseIndex(db));
  return { sql: `SELECT doc FROM ${quoted(TICKETS_TABLE)} WHERE ${where.sql} ORDER BY ${criteriaOrder(c)}`, params: where.params };
};

/**
 * The list's pages, counts and the export's stream over the tickets table: pages, counts and
 * tests of existence on the reader threads (ReaderPool, TicketQueries), the stream on a
 * connection of its own.
 */
export class SqliteTicketReads implements TicketReads {
  /** `layout`: the tickets collection's, as declared (it says which counts are kept). */
  constructor(private readonly readers: ReaderPool, private readonly layout: () => TableLayout, private readonly snapshotConnection: () => Database.Database) {}

  async page<T extends ReadDocument>(criteria: TicketCriteria, page: number, limit: number, fields: readonly string[], options?: ReadOptions): Promise<TicketPage<T>> {
    return this.readers.run<TicketPage<T>>({ op: 'ticketPage', layout: this.layout(), criteria, page, limit, fields }, options);
  }

  async count(criteria: TicketCriteria, options?: ReadOptions): Promise<number> {
    return this.readers.run<number>({ op: 'ticketCount', layout: this.layout(), criteria }, options);
  }

  async countAt(criteria: TicketCriteria, readModel: string, options?: ReadOptions): Promise<TicketSnapshot> {
    return this.readers.run<TicketSnapshot>({ op: 'ticketCountAt', layout: this.layout(), criteria, readModel }, options);
  }

  async exists(criteria: TicketCriteria, options?: ReadOptions): Promise<boolean> {
    return this.readers.run<boolean>({ op: 'ticketExists', layout: this.layout(), criteria }, options);
  }

  /**
   * On a connection of its own, in one read transaction (a snapshot: later commits are not seen),
   * STREAM_BATCH rows at a time, with a turn for other work every few milliseconds of reading.
   */
  async *stream<T extends ReadDocument>(c: TicketCriteria): AsyncIterable<readonly T[]> {
    const db = this.snapshotConnection();
    const slice = new TimeSlice();
    try {
      db.exec('BEGIN');
      const q = selectSql(db, c);
      const rows = db.prepare(q.sql).raw(true).iterate(...q.params) as IterableIterator<[string]>;
      try {
        for (;;) {
          const batch: T[] = [];
          while (batch.length < STREAM_BATCH) {
            const next = rows.next();
            if (next.done === true) break;
            batch.push(JSON.parse(next.value[0]) as T);
          }
          if (batch.length > 0) yield batch;
          if (batch.length < STREAM_BATCH) return;
          if (slice.used()) await slice.yieldTurn();
        }
      } finally {
        rows.return?.();
      }
    } finally {
      db.close();
    }
  }
}
