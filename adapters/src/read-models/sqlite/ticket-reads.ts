import type Database from 'better-sqlite3';
import { pageWindow, ReadDocument, reversedCriteria, TicketCriteria, TicketPage, TicketReads } from '@support/domain';
import { TimeSlice } from '@support/event-sourcing';
import { StatementSource } from './statements';
import { GramFrequencies } from './gram-frequencies';
import { countsQuery, criteriaOrder, criteriaWhere, SearchPlan, TICKETS_TABLE } from './ticket-criteria-sql';
import { quoted } from './sql-values';

/**
 * Tickets an export stream parses and hands over at once: few, so that each is garbage before the
 * young generation is collected, instead of living through collections while its rows are written
 * and being promoted to the old generation.
 */
const STREAM_BATCH = 64;

const pick = <T extends ReadDocument>(doc: Record<string, unknown>, fields: readonly string[]): T => {
  const out: Record<string, unknown> = { _id: doc._id };
  for (const f of fields) if (f in doc) out[f] = doc[f];
  return out as T;
};

const selectSql = (c: TicketCriteria, grams: SearchPlan, tail = ''): { sql: string; params: readonly unknown[] } => {
  const where = criteriaWhere(c, grams);
  return { sql: `SELECT doc FROM ${quoted(TICKETS_TABLE)} WHERE ${where.sql} ORDER BY ${criteriaOrder(c)}${tail}`, params: where.params };
};

/** The list's pages, counts and the export's stream over the tickets table. */
export class SqliteTicketReads implements TicketReads {
  private readonly frequencies: GramFrequencies;
  /** How a search looks a fragment up (see GramFrequencies). */
  private readonly grams: SearchPlan;

  constructor(private readonly reads: StatementSource, private readonly snapshotConnection: () => Database.Database) {
    this.frequencies = new GramFrequencies(reads, quoted(TICKETS_TABLE), quoted('searchText'));
    this.grams = (fragment) => this.frequencies.lookup(fragment);
  }

  private rows<T extends ReadDocument>(c: TicketCriteria, skip: number, limit: number, fields: readonly string[]): T[] {
    const q = selectSql(c, this.grams, ` LIMIT ${limit} OFFSET ${skip}`);
    return (this.reads.get(q.sql).all(...q.params) as { doc: string }[]).map((r) => pick<T>(JSON.parse(r.doc) as Record<string, unknown>, fields));
  }

  /**
   * The first page is read first: when it is not full it holds every match, and no count is needed.
   * Other pages count first, then read the page from the nearer end (pageWindow).
   */
  async page<T extends ReadDocument>(c: TicketCriteria, page: number, limit: number, fields: readonly string[]): Promise<TicketPage<T>> {
    if (page === 1) {
      const docs = this.rows<T>(c, 0, limit, fields);
      return { docs, total: docs.length < limit ? docs.length : await this.count(c) };
    }
    const total = await this.count(c);
    const window = pageWindow(total, page, limit);
    if (window === null) return { docs: [], total };
    if (!window.reversed) return { docs: this.rows<T>(c, window.skip, window.limit, fields), total };
    return { docs: this.rows<T>(reversedCriteria(c), window.skip, window.limit, fields).reverse(), total };
  }

  /** From the counts kept per account and status when the criteria narrow by nothing else; else counted. */
  async count(c: TicketCriteria): Promise<number> {
    const kept = countsQuery(c);
    if (kept !== null) {
      const total = (this.reads.get(kept.sql).get(...kept.params) as { total: number }).total;
      const minus = kept.minus === undefined ? 0 : (this.reads.get(kept.minus.sql).get(...kept.minus.params) as { total: number }).total;
      return total - minus;
    }
    const where = criteriaWhere(c, this.grams);
    return (this.reads.get(`SELECT count(*) AS n FROM ${quoted(TICKETS_TABLE)} WHERE ${where.sql}`).get(...where.params) as { n: number }).n;
  }

  async exists(c: TicketCriteria): Promise<boolean> {
    const where = criteriaWhere(c, this.grams);
    return this.reads.get(`SELECT 1 FROM ${quoted(TICKETS_TABLE)} WHERE ${where.sql} LIMIT 1`).get(...where.params) !== undefined;
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
      const q = selectSql(c, this.grams);
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
