import type { Statement } from 'better-sqlite3';
import type Database from 'better-sqlite3';
import { quoted, SqlValue, toColumn, valueAt } from './sql-values';
import { TableLayout } from './table-layout-shape';

/**
 * The documents counted per UTC day of each of some timestamp fields (`countedByDay`), and per the
 * values of `countedBy` (the tickets: per account and status): `<collection>:day-counts`, one row
 * per (first countedBy field, stamp, day, other countedBy fields) with its count `n`. A date range
 * is then counted from the rows of the days it covers whole, and only its first and last day from
 * the documents themselves. Values as the columns hold them (text, numbers), a missing one as an
 * empty blob (a key holds no NULL; a blob equals no text or number, so "status IS NOT 'closed'"
 * counts it, as it counts a ticket without a status).
 */
export const dayCountsTable = (collection: string): string => `${collection}:day-counts`;

export const dayCountsDdl = (layout: TableLayout): string => {
  const [first, ...rest] = layout.countedBy.map(quoted);
  const key = [first, 'stamp', 'day', ...rest].filter((k) => k !== undefined);
  const columns = [...layout.countedBy.map(quoted), 'stamp', 'day'];
  return `CREATE TABLE IF NOT EXISTS ${quoted(dayCountsTable(layout.table))} (${columns.join(', ')}, n INTEGER NOT NULL, PRIMARY KEY (${key.join(', ')})) WITHOUT ROWID`;
};

/** The UTC day of an ISO 8601 UTC timestamp (`YYYY-MM-DD`), or null for anything else. */
export const dayOf = (value: unknown): string | null =>
  (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : null);

/** An empty blob: a missing value in a key. */
const NONE = Buffer.alloc(0);

/** A value as a key of the counts holds it: as its column does (text, number), a missing one as an empty blob. */
export const countKey = (value: unknown): SqlValue => toColumn(value) ?? NONE;

/** The rows a document counts in: its countedBy values, a stamp field and that stamp's day, as one key each. */
const tuplesOf = (layout: TableLayout, doc: Readonly<Record<string, unknown>> | null): Map<string, SqlValue[]> => {
  const out = new Map<string, SqlValue[]>();
  if (doc === null) return out;
  const by = layout.countedBy.map((k) => countKey(valueAt(doc, k)));
  for (const stamp of layout.countedByDay) {
    const day = dayOf(valueAt(doc, stamp));
    if (day === null) continue;
    const row = [...by, stamp, day];
    out.set(JSON.stringify(row.map((v) => (v === NONE ? null : v))), row);
  }
  return out;
};

/** Keeps a collection's day counts as its documents are inserted, changed and removed (on the writer, in the batch's transaction). */
export class DayCounts {
  private readonly add: Statement;

  constructor(private readonly layout: TableLayout, db: Database.Database) {
    const columns = [...layout.countedBy.map(quoted), 'stamp', 'day'];
    this.add = db.prepare(`INSERT INTO ${quoted(dayCountsTable(layout.table))} (${columns.join(', ')}, n) VALUES (${columns.map(() => '?').join(', ')}, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n`);
  }

  /** The document went from `before` to `after` (null: absent): the rows it left lose one, those it joined gain one. */
  changed(before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>> | null): void {
    const was = tuplesOf(this.layout, before);
    const is = tuplesOf(this.layout, after);
    for (const [key, row] of was) if (!is.has(key)) this.add.run(...row, -1);
    for (const [key, row] of is) if (!was.has(key)) this.add.run(...row, 1);
  }
}
