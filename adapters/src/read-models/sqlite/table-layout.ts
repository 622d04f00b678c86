import { CollectionShape } from '@support/domain';
import type { TableIndex, TableLayout } from './table-layout-shape';
import { quoted } from './sql-values';
import { searchTableDdl, searchTableOf } from './search-tables';
import { legacyDayCountsTable, periodCountsDdl, periodCountsTable } from './period-counts';

export type { TableIndex, TableLayout } from './table-layout-shape';

export const listTable = (collection: string, field: string): string => `${collection}:${field}`;
export const countsTable = (collection: string): string => `${collection}:counts`;
export const searchPendingTable = (collection: string): string => `${collection}:search-pending`;

/** The table's own columns: a declared field cannot be named like them. */
const OWN_COLUMNS = ['n', 'id', 'doc'];

export const tableLayout = (collection: string, shape: CollectionShape): TableLayout => {
  const lists = shape.lists ?? [];
  const indexes = shape.indexes ?? [];
  const columns = [...new Set([
    ...(shape.fields ?? []), ...lists, ...(shape.search !== undefined ? [shape.search] : []), ...(shape.searchScopedBy !== undefined ? [shape.searchScopedBy] : []),
    ...(shape.countedBy ?? []), ...(shape.countedByTime ?? []),
    ...indexes.flatMap((i) => i.fields),
  ])].filter((f) => f !== '_id');
  const clash = columns.find((c) => OWN_COLUMNS.includes(c.toLowerCase()));
  if (clash !== undefined) throw new Error(`Collection "${collection}" declares a field "${clash}": n, id and doc are the table's own columns; name the field otherwise`);
  return { collection, table: collection, columns, lists, search: shape.search ?? null,
    searchScopedBy: shape.search !== undefined ? shape.searchScopedBy ?? null : null, countedBy: shape.countedBy ?? [],
    countedByTime: shape.countedBy !== undefined ? shape.countedByTime ?? [] : [], indexes: tableIndexes(collection, shape) };
};

/**
 * The shape's indexes as the table has them. A list field's values are found through its own table
 * (value, n), so it leaves the index; an index left with columns that lead another index adds
 * nothing to it and is not made.
 */
const tableIndexes = (collection: string, shape: CollectionShape): TableIndex[] => {
  const lists = shape.lists ?? [];
  const candidates = (shape.indexes ?? [])
    .map((i) => ({ name: `${collection}.${i.name}`, columns: i.fields.filter((f) => !lists.includes(f)).map((f) => (f === '_id' ? 'id' : f)) }))
    .filter((i) => i.columns.length > 0);
  const leads = (a: TableIndex, b: TableIndex) => b.columns.length > a.columns.length && a.columns.every((c, k) => b.columns[k] === c);
  return candidates.filter((i) => !candidates.some((other) => leads(i, other)));
};

const indexDdl = (layout: TableLayout, index: TableIndex): string =>
  `CREATE INDEX IF NOT EXISTS ${quoted(index.name)} ON ${quoted(layout.table)} (${index.columns.map(quoted).join(', ')})`;

/** The column of a field: `id` for the document id, the field's own column when declared, else null (read from the JSON). */
export const columnOf = (layout: TableLayout, field: string): string | null =>
  field === '_id' ? 'id' : layout.columns.includes(field) ? quoted(field) : null;

/** The statements that make the collection's tables and indexes (each IF NOT EXISTS). */
export const layoutDdl = (layout: TableLayout): string[] => {
  const t = quoted(layout.table);
  const statements = [
    `CREATE TABLE IF NOT EXISTS ${t} (n INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL${layout.columns.map((c) => `, ${quoted(c)}`).join('')})`,
    ...layout.indexes.map((index) => indexDdl(layout, index)),
  ];
  for (const list of layout.lists) {
    statements.push(`CREATE TABLE IF NOT EXISTS ${quoted(listTable(layout.table, list))} (value NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (value, n)) WITHOUT ROWID`);
  }
  if (layout.countedBy.length > 0) {
    const keys = layout.countedBy.map(quoted);
    statements.push(`CREATE TABLE IF NOT EXISTS ${quoted(countsTable(layout.table))} (${keys.join(', ')}, n INTEGER NOT NULL, PRIMARY KEY (${keys.join(', ')})) WITHOUT ROWID`);
  }
  if (layout.countedByTime.length > 0) statements.push(periodCountsDdl(layout));
  if (layout.search !== null) {
    if (layout.searchScopedBy === null) statements.push(searchTableDdl(searchTableOf(layout, null)));
    statements.push(`CREATE TABLE IF NOT EXISTS ${quoted(searchPendingTable(layout.table))} (n INTEGER PRIMARY KEY)`);
  }
  return statements;
};

/** The tables of the collection, for dropping it (the search tables besides: existingSearchTables). */
export const layoutTables = (layout: TableLayout): string[] => [
  layout.table,
  ...layout.lists.map((l) => listTable(layout.table, l)),
  ...(layout.countedBy.length > 0 ? [countsTable(layout.table)] : []),
  ...(layout.countedByTime.length > 0 ? [periodCountsTable(layout.table), legacyDayCountsTable(layout.table)] : []),
  ...(layout.search !== null ? [searchPendingTable(layout.table)] : []),
];
