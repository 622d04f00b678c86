import { DocumentQuery, FieldMatch, ReadDocument } from '@support/domain';
import { orderSql, whereSql } from './field-match-sql';
import { StatementSource } from './statements';
import { countsTable, TableLayout } from './table-layout';
import { countKey } from './period-counts';
import { quoted } from './sql-values';

/** Documents of a collection by a field match, in a sort, a page at a time. */
export const findDocuments = <T extends ReadDocument>(statements: StatementSource, layout: TableLayout, query: DocumentQuery): T[] => {
  const where = whereSql(layout, query.where);
  const page = query.limit !== undefined || (query.skip ?? 0) > 0 ? ` LIMIT ${query.limit ?? -1} OFFSET ${query.skip ?? 0}` : '';
  const sql = `SELECT doc FROM ${quoted(layout.table)} WHERE ${where.sql} ORDER BY ${orderSql(layout, query.sort)}${page}`;
  return (statements.get(sql).all(...where.params) as { doc: string }[]).map((r) => JSON.parse(r.doc) as T);
};

/**
 * The count the kept counts (`<collection>:counts`, per the values of `countedBy`) answer: when the
 * match is equality on some of those fields, a string or a number each; else null.
 */
const keptCount = (statements: StatementSource, layout: TableLayout, where: FieldMatch): number | null => {
  const entries = Object.entries(where);
  if (entries.length === 0 || !entries.every(([field, value]) => layout.countedBy.includes(field) && (typeof value === 'string' || typeof value === 'number'))) return null;
  const sql = `SELECT coalesce(sum(n), 0) AS n FROM ${quoted(countsTable(layout.table))} WHERE ${entries.map(([field]) => `${quoted(field)} = ?`).join(' AND ')}`;
  return (statements.get(sql).get(...entries.map(([, value]) => countKey(value))) as { n: number }).n;
};

/** How many documents of a collection match (from the kept counts when they answer it). */
export const countDocuments = (statements: StatementSource, layout: TableLayout, where: FieldMatch): number => {
  const kept = keptCount(statements, layout, where);
  if (kept !== null) return kept;
  const w = whereSql(layout, where);
  return (statements.get(`SELECT count(*) AS n FROM ${quoted(layout.table)} WHERE ${w.sql}`).get(...w.params) as { n: number }).n;
};
