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

/** A row's key as text (a missing value, an empty blob, as null). */
const rowKey = (row: readonly SqlValue[]): string => JSON.stringify(row.map((v) => (v === NONE ? null : v)));

/** The rows a document counts in: its countedBy values, a stamp field, a span and that stamp's period, as one key each. */
const tuplesOf = (layout: TableLayout, doc: Readonly<Record<string, unknown>> | null): Map<string, SqlValue[]> => {
  const out = new Map<string, SqlValue[]>();
  if (doc === null) return out;
  const by = layout.countedBy.map((k) => countKey(valueAt(doc, k)));
  for (const stamp of layout.countedByTime) {
    for (const { span, period } of periodsOf(valueAt(doc, stamp))) {
      const row = [...by, stamp, span, period];
      out.set(rowKey(row), row);
    }
  }
  return out;
};

/**
 * Keeps a collection's period counts as its documents are inserted, changed and removed (on the
 * writer, in the batch's transaction). The changes are added up per row and written at `flush`
 * (the writer's, before the batch commits): the tickets of one minute, hour or day share their
 * rows, so a batch writes each row once instead of once a ticket.
 */
export class PeriodCounts {
  private readonly add: Statement;
  private deltas = new Map<string, { readonly row: SqlValue[]; n: number }>();

  constructor(private readonly layout: TableLayout, db: Database.Database) {
    const columns = [...layout.countedBy.map(quoted), 'stamp', 'span', 'period'];
    this.add = db.prepare(`INSERT INTO ${quoted(periodCountsTable(layout.table))} (${columns.join(', ')}, n) VALUES (${columns.map(() => '?').join(', ')}, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n`);
  }

  private count(row: SqlValue[], n: number, key: string): void {
    const d = this.deltas.get(key);
    if (d === undefined) this.deltas.set(key, { row, n });
    else d.n += n;
  }

  /**
   * The document went from `before` to `after` (null: absent): the rows it left lose one, those it
   * joined gain one (a row it stays in, such as the minute of a timestamp that did not move, is not
   * touched).
   */
  changed(before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>> | null): void {
    const was = tuplesOf(this.layout, before);
    const is = tuplesOf(this.layout, after);
    for (const [key, row] of was) if (!is.has(key)) this.count(row, -1, key);
    for (const [key, row] of is) if (!was.has(key)) this.count(row, 1, key);
  }

  /** Writes the rows changed since the last flush, each once. */
  flush(): void {
    for (const { row, n } of this.deltas.values()) if (n !== 0) this.add.run(...row, n);
    this.deltas = new Map();
  }

  /** Forgets what was not flushed (a batch rolled back). */
  discard(): void {
    this.deltas = new Map();
  }
}
