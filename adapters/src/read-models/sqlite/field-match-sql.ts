import { DocumentQuery, FieldCondition, FieldMatch, Scalar } from '@support/domain';
import { columnOf, listTable, TableLayout } from './table-layout';
import { jsonPath, quoted, SqlValue, toColumn } from './sql-values';

/** A piece of SQL and its parameters. */
export interface SqlPart {
  readonly sql: string;
  readonly params: readonly SqlValue[];
}

const isScalar = (c: FieldCondition): c is Scalar => c === null || typeof c !== 'object';

const typeTest = (expr: string, v: string | number): string => (typeof v === 'string' ? `typeof(${expr}) = 'text'` : `typeof(${expr}) IN ('integer', 'real')`);

const RANGE: Readonly<Record<string, string>> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };

/** A condition on a field with a column of its own (or the id). */
const onColumn = (column: string, c: FieldCondition): SqlPart => {
  if (isScalar(c)) return c === null ? { sql: `${column} IS NULL`, params: [] } : { sql: `${column} = ?`, params: [toColumn(c)] };
  if ('ne' in c) return { sql: `${column} IS NOT ?`, params: [toColumn(c.ne)] };
  const parts = Object.entries(c).filter(([, v]) => v !== undefined).map(([op, v]) => ({ sql: `${column} ${RANGE[op]} ? AND ${typeTest(column, v)}`, params: [v] }));
  return joinAnd(parts);
};

/** A condition on a list field: some value of the list meets it (ne: none equals it), from the field's table of values. */
const onList = (layout: TableLayout, field: string, c: FieldCondition): SqlPart => {
  const values = quoted(listTable(layout.table, field));
  if (isScalar(c)) {
    if (c === null) return { sql: `NOT EXISTS (SELECT 1 FROM ${values} v WHERE v.n = ${quoted(layout.table)}.n)`, params: [] };
    return { sql: `n IN (SELECT n FROM ${values} WHERE value = ?)`, params: [toColumn(c)] };
  }
  if ('ne' in c) return c.ne === null ? { sql: `n IN (SELECT n FROM ${values})`, params: [] } : { sql: `n NOT IN (SELECT n FROM ${values} WHERE value = ?)`, params: [toColumn(c.ne)] };
  const parts = Object.entries(c).filter(([, v]) => v !== undefined).map(([op, v]) => ({ sql: `value ${RANGE[op]} ? AND ${typeTest('value', v)}`, params: [v] }));
  const inner = joinAnd(parts);
  return { sql: `n IN (SELECT n FROM ${values} WHERE ${inner.sql})`, params: inner.params };
};

/**
 * A condition on a field without a column, read from the document's JSON (a scan: for analysts'
 * queries). As in MongoDB, a field holding a list matches when one of its values does.
 */
const onJson = (field: string, c: FieldCondition): SqlPart => {
  const path = jsonPath(field);
  const each = (test: string, params: readonly SqlValue[]): SqlPart => ({ sql: `EXISTS (SELECT 1 FROM json_each(doc, '${path.replace(/'/g, "''")}') e WHERE ${test})`, params });
  const equal = (v: Scalar): SqlPart => {
    if (v === null) return { sql: `coalesce(json_type(doc, '${path.replace(/'/g, "''")}'), 'null') = 'null'`, params: [] };
    if (typeof v === 'boolean') return each(`e.type = '${v ? 'true' : 'false'}'`, []);
    return each(`e.value = ? AND ${typeTest('e.value', v)}`, [v]);
  };
  if (isScalar(c)) return equal(c);
  if ('ne' in c) {
    const e = equal(c.ne);
    return { sql: `NOT (${e.sql})`, params: e.params };
  }
  const parts = Object.entries(c).filter(([, v]) => v !== undefined).map(([op, v]) => ({ sql: `e.value ${RANGE[op]} ? AND ${typeTest('e.value', v)}`, params: [v] }));
  const inner = joinAnd(parts);
  return each(inner.sql, inner.params);
};

export const joinAnd = (parts: readonly SqlPart[]): SqlPart =>
  parts.length === 0 ? { sql: '1', params: [] } : { sql: parts.map((p) => `(${p.sql})`).join(' AND '), params: parts.flatMap((p) => p.params) };

/** The WHERE of a field match on a collection. */
export const whereSql = (layout: TableLayout, where: FieldMatch): SqlPart =>
  joinAnd(Object.entries(where).map(([field, c]) => {
    if (layout.lists.includes(field)) return onList(layout, field, c);
    const column = columnOf(layout, field);
    return column !== null ? onColumn(column, c) : onJson(field, c);
  }));

/** The ORDER BY of a query: its fields, then the id in the last field's direction. */
export const orderSql = (layout: TableLayout, sort: DocumentQuery['sort']): string => {
  const keys = Object.entries(sort ?? {}).filter(([field]) => field !== '_id');
  const idDirection = (sort ?? {})._id ?? (keys.length > 0 ? keys[keys.length - 1][1] : 1);
  const terms = keys.map(([field, d]) => `${columnOf(layout, field) ?? `json_extract(doc, '${jsonPath(field).replace(/'/g, "''")}')`} ${d === 1 ? 'ASC' : 'DESC'}`);
  return [...terms, `id ${idDirection === 1 ? 'ASC' : 'DESC'}`].join(', ');
};
