import { DocumentWrite } from '@support/domain';
import type { Statement } from 'better-sqlite3';
import { Statements } from './statements';
import { countsTable, listTable, searchPendingTable, TableLayout } from './table-layout';
import { searchTableDdl, searchTableOf, tableExists } from './search-tables';
import { countKey, PeriodCounts } from './period-counts';
import { quoted, SqlValue, toColumn, valueAt } from './sql-values';

/** A document as stored: its row number and its fields. */
export interface StoredDocument {
  readonly n: number;
  readonly doc: Record<string, unknown>;
}

/** A document a batch has read or written: as stored (null: missing) and as the batch has made it so far. */
interface BatchEntry {
  stored: StoredDocument | null;
  current: Record<string, unknown> | null;
  dirty: boolean;
}

const listValues = (value: unknown): SqlValue[] => (Array.isArray(value) ? [...new Set(value.map(toColumn).filter((v) => v !== null))] : []);

/**
 * Documents whose search text waits outside the FTS5 index until this many have gathered; then
 * they go in together. FTS5 writes a segment of its index at every commit that changed it, so a
 * projection's small live batches (a few tickets each) would each write one and merge them over and
 * over; a search reads the waiting documents' text directly (ticket-criteria-sql).
 */
export const SEARCH_INDEX_BATCH = 2_000;

const minOf = (current: unknown, given: string | number): string | number =>
  (typeof current === typeof given && (current as string | number) <= given ? (current as string | number) : given);

/**
 * Applies projection writes to one collection's tables on the writer's connection, inside the
 * batch's transaction. The documents a batch touches are read (and parsed) once and kept; writes
 * change the kept document, and `flush` writes each changed one once (a ticket created, evaluated
 * and summarized in one batch is one insert): the JSON and only the columns whose values changed
 * (so only their indexes are touched), the list fields' values, the search index and the counts.
 *
 * The search index: a document is either in the FTS5 table (with its current text) or listed as
 * pending (not in it); `flush` moves the pending ones in once SEARCH_INDEX_BATCH have gathered.
 */
export class DocumentWriter {
  private readonly t: string;
  private entries = new Map<string, BatchEntry>();
  /** The ids of the entries changed since the last flush, in the order they were first changed. */
  private dirty: string[] = [];
  /** The statements the writer runs for every document, made once (an update's by the columns it changes). */
  private readonly sql: {
    readonly select: Statement; readonly insert: Statement; readonly remove: Statement;
    readonly count: Statement | null;
    readonly pendingAdd: Statement | null; readonly pendingRemove: Statement | null; readonly pendingCount: Statement | null;
    readonly pendingScopes: Statement | null; readonly clearPending: Statement | null;
    readonly listInsert: ReadonlyMap<string, Statement>; readonly listRemove: ReadonlyMap<string, Statement>;
  };
  private readonly updates = new Map<string, Statement>();
  private readonly periodCounts: PeriodCounts | null;
  /** The columns whose change can move a document between period counts. */
  private readonly periodCounted: readonly string[];
  /** Per search table: the removal of one text and the move of the pending texts of its scope into it (made on first use). */
  private readonly searchStatements = new Map<string, { readonly remove: Statement; readonly indexPending: Statement }>();
  /** Documents this writer has inserted since it was made. */
  inserted = 0;
  /** Documents pending for the search index (counted in the file at a batch's first change of them). */
  private pending: number | null = null;

  constructor(private readonly layout: TableLayout, private readonly statements: Statements, private readonly searchIndexBatch = SEARCH_INDEX_BATCH) {
    this.t = quoted(layout.table);
    this.periodCounts = layout.countedByTime.length > 0 ? new PeriodCounts(layout, statements.db) : null;
    this.periodCounted = [...layout.countedBy, ...layout.countedByTime];
    const { columns, lists, countedBy } = layout;
    const pending = quoted(searchPendingTable(layout.table));
    const counts = quoted(countsTable(layout.table));
    const prepare = (sql: string) => statements.db.prepare(sql);
    this.sql = {
      select: prepare(`SELECT n, doc FROM ${this.t} WHERE id = ?`),
      insert: prepare(`INSERT INTO ${this.t} (id, doc${columns.map((c) => `, ${quoted(c)}`).join('')}) VALUES (?, ?${', ?'.repeat(columns.length)})`),
      remove: prepare(`DELETE FROM ${this.t} WHERE n = ?`),
      pendingAdd: layout.search === null ? null : prepare(`INSERT OR IGNORE INTO ${pending} (n) VALUES (?)`),
      pendingRemove: layout.search === null ? null : prepare(`DELETE FROM ${pending} WHERE n = ?`),
      pendingCount: layout.search === null ? null : prepare(`SELECT count(*) AS n FROM ${pending}`),
      pendingScopes: layout.search === null ? null
        : prepare(layout.searchScopedBy === null ? 'SELECT NULL AS scope' : `SELECT DISTINCT t.${quoted(layout.searchScopedBy)} AS scope FROM ${pending} p CROSS JOIN ${this.t} t ON t.n = p.n`),
      clearPending: layout.search === null ? null : prepare(`DELETE FROM ${pending}`),
      count: countedBy.length === 0 ? null
        : prepare(`INSERT INTO ${counts} (${countedBy.map(quoted).join(', ')}, n) VALUES (${countedBy.map(() => '?').join(', ')}, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n`),
      listInsert: new Map(lists.map((f) => [f, prepare(`INSERT OR IGNORE INTO ${quoted(listTable(layout.table, f))} (value, n) VALUES (?, ?)`)])),
      listRemove: new Map(lists.map((f) => [f, prepare(`DELETE FROM ${quoted(listTable(layout.table, f))} WHERE value = ? AND n = ?`)])),
    };
  }

  /** The statements of the search table of a scope; the table is made when missing. */
  private searchOf(scope: unknown): { readonly remove: Statement; readonly indexPending: Statement } {
    const table = searchTableOf(this.layout, scope);
    let statements = this.searchStatements.get(table);
    if (statements === undefined) {
      const db = this.statements.db;
      if (!tableExists(this.statements, table)) db.exec(searchTableDdl(table));
      const searched = quoted(this.layout.search as string);
      const scoped = this.layout.searchScopedBy === null ? '' : ` AND t.${quoted(this.layout.searchScopedBy)} IS ?`;
      statements = {
        remove: db.prepare(`DELETE FROM ${quoted(table)} WHERE rowid = ?`),
        indexPending: db.prepare(`INSERT INTO ${quoted(table)} (rowid, text) SELECT t.n, t.${searched} FROM ${quoted(searchPendingTable(this.layout.table))} p CROSS JOIN ${this.t} t ON t.n = p.n WHERE t.${searched} IS NOT NULL AND t.${searched} != ''${scoped}`),
      };
      this.searchStatements.set(table, statements);
    }
    return statements;
  }

  /** Forgets the statements of the search tables (their tables were dropped). */
  forgetSearchTables(): void {
    this.searchStatements.clear();
  }

  /** The update of these columns (and the JSON), made on first use. */
  private updateOf(changed: readonly string[]): Statement {
    const key = changed.join('\u0000');
    let statement = this.updates.get(key);
    if (statement === undefined) {
      statement = this.statements.db.prepare(`UPDATE ${this.t} SET doc = ?${changed.map((c) => `, ${quoted(c)} = ?`).join('')} WHERE n = ?`);
      this.updates.set(key, statement);
    }
    return statement;
  }

  private entry(id: string): BatchEntry {
    const known = this.entries.get(id);
    if (known !== undefined) return known;
    const row = this.sql.select.get(id) as { n: number; doc: string } | undefined;
    const stored = row === undefined ? null : { n: row.n, doc: JSON.parse(row.doc) as Record<string, unknown> };
    const fresh: BatchEntry = { stored, current: stored?.doc ?? null, dirty: false };
    this.entries.set(id, fresh);
    return fresh;
  }

  /** The document as the batch has made it so far (the caller must not change it). */
  load(id: string): Record<string, unknown> | null {
    return this.entry(id).current;
  }

  apply(write: DocumentWrite): void {
    const e = this.entry(write.id);
    if (write.remove === true) {
      e.current = null;
      this.changed(write.id, e);
      return;
    }
    const current = e.current;
    if (current === null && write.upsert !== true) return;
    const next: Record<string, unknown> = current === null ? { _id: write.id, ...write.set } : { ...current, ...write.set };
    for (const [field, value] of Object.entries(write.min ?? {})) next[field] = minOf(current?.[field], value);
    e.current = next;
    this.changed(write.id, e);
  }

  private changed(id: string, e: BatchEntry): void {
    if (e.dirty) return;
    e.dirty = true;
    this.dirty.push(id);
  }

  /** Writes every document changed since the last flush (before a query of the batch, and at its end). */
  flush(): void {
    const dirty = this.dirty;
    this.dirty = [];
    for (const id of dirty) {
      const e = this.entries.get(id) as BatchEntry;
      if (e.current === null) {
        if (e.stored !== null) this.remove(e.stored);
        e.stored = null;
      } else {
        e.stored = e.stored === null ? this.insert(id, e.current) : this.update(e.stored, e.current);
      }
      e.dirty = false;
    }
    this.periodCounts?.flush();
    if (this.pending !== null && this.pending >= this.searchIndexBatch) this.indexPendingSearch();
  }

  /**
   * Puts the pending documents' search text into the FTS5 index (of each scope they are in), in one
   * go. Its queries read the pending documents first (CROSS JOIN keeps that order): planned from
   * the scope's index instead, each would walk every document of the scope.
   */
  private indexPendingSearch(): void {
    const scopes = (this.sql.pendingScopes?.all() ?? []) as { scope: SqlValue }[];
    for (const { scope } of scopes) {
      const { indexPending } = this.searchOf(scope);
      if (this.layout.searchScopedBy === null) indexPending.run();
      else indexPending.run(scope);
    }
    this.sql.clearPending?.run();
    this.pending = 0;
  }

  /** The document's search text is not in the index (any more): listed as pending. */
  private searchPending(n: number): void {
    const { pendingAdd, pendingCount } = this.sql;
    if (pendingAdd === null || pendingCount === null) return;
    this.pending ??= (pendingCount.get() as { n: number }).n;
    this.pending += pendingAdd.run(n).changes;
  }

  /** The document's search text is out of the index: removed from it (its scope's), or no longer pending. */
  private searchRemoved(stored: StoredDocument): void {
    const { pendingRemove, pendingCount } = this.sql;
    if (pendingRemove === null || pendingCount === null) return;
    this.pending ??= (pendingCount.get() as { n: number }).n;
    const wasPending = pendingRemove.run(stored.n).changes;
    this.pending -= wasPending;
    if (wasPending === 0) this.searchOf(this.scopeOf(stored.doc)).remove.run(stored.n);
  }

  private scopeOf(doc: Readonly<Record<string, unknown>>): SqlValue {
    return this.layout.searchScopedBy === null ? null : toColumn(valueAt(doc, this.layout.searchScopedBy));
  }

  /** Forgets the batch's documents and the pending count (after its commit or rollback). */
  reset(): void {
    this.periodCounts?.discard();
    this.entries = new Map();
    this.dirty = [];
    this.pending = null;
  }

  private insert(id: string, doc: Record<string, unknown>): StoredDocument {
    const values = this.layout.columns.map((c) => toColumn(valueAt(doc, c)));
    const n = Number(this.sql.insert.run(id, JSON.stringify(doc), ...values).lastInsertRowid);
    this.inserted++;
    for (const list of this.layout.lists) this.changeList(list, n, [], listValues(valueAt(doc, list)));
    this.searchPending(n);
    this.count(doc, 1);
    this.periodCounts?.changed(null, doc);
    return { n, doc };
  }

  private update(current: StoredDocument, doc: Record<string, unknown>): StoredDocument {
    const changed: string[] = [];
    const values: SqlValue[] = [];
    for (const column of this.layout.columns) {
      const before = toColumn(valueAt(current.doc, column));
      const after = toColumn(valueAt(doc, column));
      if (before !== after) {
        changed.push(column);
        values.push(after);
      }
    }
    this.updateOf(changed).run(JSON.stringify(doc), ...values, current.n);
    for (const list of this.layout.lists) {
      if (changed.includes(list)) this.changeList(list, current.n, listValues(valueAt(current.doc, list)), listValues(valueAt(doc, list)));
    }
    const { search, searchScopedBy } = this.layout;
    if (search !== null && (changed.includes(search) || (searchScopedBy !== null && changed.includes(searchScopedBy)))) {
      this.searchRemoved(current);
      this.searchPending(current.n);
    }
    if (this.layout.countedBy.some((c) => changed.includes(c))) {
      this.count(current.doc, -1);
      this.count(doc, 1);
    }
    if (this.periodCounts !== null && this.periodCounted.some((c) => changed.includes(c))) this.periodCounts.changed(current.doc, doc);
    return { n: current.n, doc };
  }

  private remove(current: StoredDocument): void {
    this.sql.remove.run(current.n);
    for (const list of this.layout.lists) this.changeList(list, current.n, listValues(valueAt(current.doc, list)), []);
    this.searchRemoved(current);
    this.count(current.doc, -1);
    this.periodCounts?.changed(current.doc, null);
  }

  private changeList(field: string, n: number, before: readonly SqlValue[], after: readonly SqlValue[]): void {
    const remove = this.sql.listRemove.get(field) as Statement;
    const insert = this.sql.listInsert.get(field) as Statement;
    for (const v of before) if (!after.includes(v)) remove.run(v, n);
    for (const v of after) if (!before.includes(v)) insert.run(v, n);
  }

  private count(doc: Readonly<Record<string, unknown>>, delta: 1 | -1): void {
    this.sql.count?.run(...this.layout.countedBy.map((k) => countKey(valueAt(doc, k))), delta);
  }
}

