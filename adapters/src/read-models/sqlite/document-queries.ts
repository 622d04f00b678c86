import { DocumentQuery, FieldMatch, ReadDocument } from '@support/domain';
import { orderSql, whereSql } from './field-match-sql';
import { StatementSource } from './statements';
import { TableLayout } from './table-layout';
import { quoted } from './sql-values';

/** Documents of a collection by a field match, in a sort, a page at a time. */
export const findDocuments = <T extends ReadDocument>(statements: StatementSource, layout: TableLayout, query: DocumentQuery): T[] => {
  const where = whereSql(layout, query.where);
  const page = query.limit !== undefined || (query.skip ?? 0) > 0 ? ` LIMIT ${query.limit ?? -1} OFFSET ${query.skip ?? 0}` : '';
  const sql = `SELECT doc FROM ${quoted(layout.table)} WHERE ${where.sql} ORDER BY ${orderSql(layout, query.sort)}${page}`;
  return (statements.get(sql).all(...where.params) as { doc: string }[]).map((r) => JSON.parse(r.doc) as T);
};

/** How many documents of a collection match. */
export const countDocuments = (statements: StatementSource, layout: TableLayout, where: FieldMatch): number => {
  const w = whereSql(layout, where);
  return (statements.get(`SELECT count(*) AS n FROM ${quoted(layout.table)} WHERE ${w.sql}`).get(...w.params) as { n: number }).n;
};
