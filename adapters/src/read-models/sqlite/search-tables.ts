import type Database from 'better-sqlite3';
import { quoted } from './sql-values';
import { StatementSource } from './statements';
import { TableLayout } from './table-layout-shape';

/**
 * The FTS5 trigram tables of a collection's search field. With `searchScopedBy` (the tickets:
 * accountId) there is one table per value of that field, `<collection>:search(<value>)`, made when
 * its first text goes in: a search is always within one account, so a fragment shared by many
 * tickets is counted from the index alone (no row of the collection read to learn its account).
 * Without it, one table, `<collection>:search`.
 */
export const searchTableOf = (layout: TableLayout, scope: unknown): string =>
  (layout.searchScopedBy === null ? `${layout.table}:search` : scopedSearchTable(layout.table, scope));

/**
 * The search table of one scope's texts: `<collection>:search(<value>)`. The closing parenthesis
 * keeps each name apart from the tables FTS5 makes beside another (`<its name>_data`, `_idx`, ...).
 */
export const scopedSearchTable = (table: string, scope: unknown): string => `${table}:search(${String(scope ?? '')})`;

/**
 * The statements that make a search table. Case-sensitive: texts and fragments are in lower case
 * already, and folding case again would make distinct letters one (σ and ς). With FTS5's
 * secure-delete, a text deleted or replaced (an erased customer's, docs/api/erasure.md) leaves no
 * trigram of it in the index.
 */
export const searchTableDdl = (table: string): string =>
  `CREATE VIRTUAL TABLE IF NOT EXISTS ${quoted(table)} USING fts5(text, tokenize='trigram case_sensitive 1', content='', contentless_delete=1);${searchSecureDelete(table)}`;

/** FTS5's secure-delete on a search table (kept in the table's configuration; a table made before it had it gets it at the start). */
export const searchSecureDelete = (table: string): string => `INSERT INTO ${quoted(table)}(${quoted(table)}, rank) VALUES('secure-delete', 1)`;

/** The search tables the file holds for a collection (each scope's), for dropping them. */
export const existingSearchTables = (db: Database.Database, layout: TableLayout): string[] =>
  (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' AND (name = ? OR substr(name, 1, length(?)) = ?)")
    .all(`${layout.table}:search`, `${layout.table}:search(`, `${layout.table}:search(`) as { name: string }[]).map((r) => r.name);

/** Whether a table exists (a scope's search table is made with its first text). */
export const tableExists = (statements: StatementSource, table: string): boolean =>
  statements.get("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(table) !== undefined;

/** The tickets' search table of an account as a connection sees it, or null while the account has none. */
export const accountSearchTable = (statements: StatementSource, ticketsTable: string, accountId: string): string | null => {
  const table = scopedSearchTable(ticketsTable, accountId);
  return tableExists(statements, table) ? table : null;
};
