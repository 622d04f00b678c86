import type { Statement } from 'better-sqlite3';
import type Database from 'better-sqlite3';
import { periodsOf } from '../period-cover';
import { quoted, SqlValue, toColumn, valueAt } from './sql-values';
import { TableLayout } from './table-layout-shape';

/**
 * The documents counted per UTC day, hour and minute of each of some timestamp fields
 * (`countedByTime`), and per the values of `countedBy` (the tickets: per account, status and SLA
 * standing): `<collection>:period-counts`, one row per (first countedBy field, stamp, span,
 * period, other countedBy fields) with its count `n`; `span` is day, hour or minute and `period`
 * the timestamp's first 10, 13 or 16 characters (period-cover). A date range is then counted from
 * the rows of the periods it covers whole, and only its first and last minute from the documents
 * themselves. Values as the columns hold them (text, numbers), a missing one as an empty blob (a
 * key holds no NULL; a blob equals no text or number, so "status IS NOT 'closed'" counts it, as it
 * counts a ticket without a status).
 */
export const periodCountsTable = (collection: string): string => `${collection}:period-counts`;

/** The table the counts had when they were kept per day alone: dropped with the collection. */
export const legacyDayCountsTable = (collection: string): string => `${collection}:day-counts`;

export const periodCountsDdl = (layout: TableLayout): string => {
  const [first, ...rest] = layout.countedBy.map(quoted);
  const key = [first, 'stamp', 'span', 'period', ...rest].filter((k) => k !== undefined);
  const columns = [...layout.countedBy.map(quoted), 'stamp', 'span', 'period'];
  return `CREATE TABLE IF NOT EXISTS ${quoted(periodCountsTable(layout.table))} (${columns.join(', ')}, n INTEGER NOT NULL, PRIMARY KEY (${key.join(', ')})) WITHOUT ROWID`;
};

/** An empty blob: a missing value in a key. */
const NONE = Buffer.alloc(0);

/** A value as a key of the counts holds it: as its column does (text, number), a missing one as an empty blob. */
export const countKey = (value: unknown): SqlValue => toColumn(value) ?? NONE;

/** Whether two keys are the same value (two missing ones are). */
const sameKey = (a: SqlValue, b: SqlValue): boolean => a === b || (a === NONE && b === NONE);

/** The rows a document counts in: its countedBy values, a stamp field, a span and that stamp's period, as one key each. */
const tuplesOf = (layout: TableLayout, doc: Readonly<Record<string, unknown>> | null): Map<string, SqlValue[]> => {
  const out = new Map<string, SqlValue[]>();
  if (doc === null) return out;
  const by = layout.countedBy.map((k) => countKey(valueAt(doc, k)));
  for (const stamp of layout.countedByTime) {
    for (const { span, period } of periodsOf(valueAt(doc, stamp))) {
      const row = [...by, stamp, span, period];
      out.set(JSON.stringify(row.map((v) => (v === NONE ? null : v))), row);
    }
  }
  return out;
};

/** Keeps a collection's period counts as its documents are inserted, changed and removed (on the writer, in the batch's transaction). */
export class PeriodCounts {
  private readonly add: Statement;

  constructor(private readonly layout: TableLayout, db: Database.Database) {
    const columns = [...layout.countedBy.map(quoted), 'stamp', 'span', 'period'];
    this.add = db.prepare(`INSERT INTO ${quoted(periodCountsTable(layout.table))} (${columns.join(', ')}, n) VALUES (${columns.map(() => '?').join(', ')}, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n`);
  }

  /**
   * The document went from `before` to `after` (null: absent): the rows it left lose one, those it
   * joined gain one. When its countedBy values stay (most changes: an update moves updatedAt), only
   * the periods of the timestamps that moved are touched, and a timestamp that stays in its minute
   * touches none.
   */
  changed(before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>> | null): void {
    if (before !== null && after !== null) {
      const by = this.layout.countedBy.map((k) => countKey(valueAt(after, k)));
      if (this.layout.countedBy.every((k, i) => sameKey(countKey(valueAt(before, k)), by[i]))) {
        for (const stamp of this.layout.countedByTime) {
          const was = periodsOf(valueAt(before, stamp));
          const is = periodsOf(valueAt(after, stamp));
          for (const p of was) if (!is.some((q) => q.span === p.span && q.period === p.period)) this.add.run(...by, stamp, p.span, p.period, -1);
          for (const p of is) if (!was.some((q) => q.span === p.span && q.period === p.period)) this.add.run(...by, stamp, p.span, p.period, 1);
        }
        return;
      }
    }
    const was = tuplesOf(this.layout, before);
    const is = tuplesOf(this.layout, after);
    for (const [key, row] of was) if (!is.has(key)) this.add.run(...row, -1);
    for (const [key, row] of is) if (!was.has(key)) this.add.run(...row, 1);
  }
}
