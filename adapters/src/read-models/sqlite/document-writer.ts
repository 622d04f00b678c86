import { DocumentWrite } from '@support/domain';
import type { Statement } from 'better-sqlite3';
import { Statements } from './statements';
import { countsTable, listTable, searchTable, TableLayout } from './table-layout';
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

const minOf = (current: unknown, given: string | number): string | number =>
  (typeof current === typeof given && (current as string | number) <= given ? (current as string | number) : given);

/**
 * Applies projection writes to one collection's tables on the writer's connection, inside the
 * batch's transaction. The documents a batch touches are read (and parsed) once and kept; writes
 * change the kept document, and `flush` writes each changed one once (a ticket created, evaluated
 * and summarized in one batch is one insert): the JSON and only the columns whose values changed
 * (so only their indexes are touched), the list fields' values, the search index and the counts.
 */
export class DocumentWriter {
  private readonly t: string;
  private entries = new Map<string, BatchEntry>();
  /** The ids of the entries changed since the last flush, in the order they were first changed. */
  private dirty: string[] = [];
  /** The statements the writer runs for every document, made once (an update's by the columns it changes). */
  private readonly sql: {
    readonly select: Statement; readonly insert: Statement; readonly remove: Statement;
    readonly searchInsert: Statement | null; readonly searchRemove: Statement | null; readonly count: Statement | null;
    readonly listInsert: ReadonlyMap<string, Statement>; readonly listRemove: ReadonlyMap<string, Statement>;
  };
  private readonly updates = new Map<string, Statement>();
  /** Documents this writer has inserted since it was made. */
  inserted = 0;

  constructor(private readonly layout: TableLayout, private readonly statements: Statements) {
    this.t = quoted(layout.table);
    const { columns, lists, countedBy } = layout;
    const search = quoted(searchTable(layout.table));
    const counts = quoted(countsTable(layout.table));
    const prepare = (sql: string) => statements.db.prepare(sql);
    this.sql = {
      select: prepare(`SELECT n, doc FROM ${this.t} WHERE id = ?`),
      insert: prepare(`INSERT INTO ${this.t} (id, doc${columns.map((c) => `, ${quoted(c)}`).join('')}) VALUES (?, ?${', ?'.repeat(columns.length)})`),
      remove: prepare(`DELETE FROM ${this.t} WHERE n = ?`),
      searchInsert: layout.search === null ? null : prepare(`INSERT INTO ${search} (rowid, text) VALUES (?, ?)`),
      searchRemove: layout.search === null ? null : prepare(`DELETE FROM ${search} WHERE rowid = ?`),
      count: countedBy.length === 0 ? null
        : prepare(`INSERT INTO ${counts} (${countedBy.map(quoted).join(', ')}, n) VALUES (${countedBy.map(() => '?').join(', ')}, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n`),
      listInsert: new Map(lists.map((f) => [f, prepare(`INSERT OR IGNORE INTO ${quoted(listTable(layout.table, f))} (value, n) VALUES (?, ?)`)])),
      listRemove: new Map(lists.map((f) => [f, prepare(`DELETE FROM ${quoted(listTable(layout.table, f))} WHERE value = ? AND n = ?`)])),
    };
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
  }

  /** Forgets the batch's documents (after its commit or rollback). */
  reset(): void {
    this.entries = new Map();
    this.dirty = [];
  }

  private insert(id: string, doc: Record<string, unknown>): StoredDocument {
    const values = this.layout.columns.map((c) => toColumn(valueAt(doc, c)));
    const n = Number(this.sql.insert.run(id, JSON.stringify(doc), ...values).lastInsertRowid);
    this.inserted++;
    for (const list of this.layout.lists) this.changeList(list, n, [], listValues(valueAt(doc, list)));
    if (this.layout.search !== null) this.indexText(n, valueAt(doc, this.layout.search));
    this.count(doc, 1);
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
    const search = this.layout.search;
    if (search !== null && changed.includes(search)) {
      this.sql.searchRemove?.run(current.n);
      this.indexText(current.n, valueAt(doc, search));
    }
    if (this.layout.countedBy.some((c) => changed.includes(c))) {
      this.count(current.doc, -1);
      this.count(doc, 1);
    }
    return { n: current.n, doc };
  }

  private remove(current: StoredDocument): void {
    this.sql.remove.run(current.n);
    for (const list of this.layout.lists) this.changeList(list, current.n, listValues(valueAt(current.doc, list)), []);
    this.sql.searchRemove?.run(current.n);
    this.count(current.doc, -1);
  }

  private changeList(field: string, n: number, before: readonly SqlValue[], after: readonly SqlValue[]): void {
    const remove = this.sql.listRemove.get(field) as Statement;
    const insert = this.sql.listInsert.get(field) as Statement;
    for (const v of before) if (!after.includes(v)) remove.run(v, n);
    for (const v of after) if (!before.includes(v)) insert.run(v, n);
  }

  private indexText(n: number, text: unknown): void {
    if (typeof text !== 'string' || text === '') return;
    this.sql.searchInsert?.run(n, text);
  }

  private count(doc: Readonly<Record<string, unknown>>, delta: 1 | -1): void {
    this.sql.count?.run(...this.layout.countedBy.map((k) => JSON.stringify(valueAt(doc, k) ?? null)), delta);
  }
}

