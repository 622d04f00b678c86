import { DocumentWrite } from '@support/domain';
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

  constructor(private readonly layout: TableLayout, private readonly statements: Statements) {
    this.t = quoted(layout.table);
  }

  private entry(id: string): BatchEntry {
    const known = this.entries.get(id);
    if (known !== undefined) return known;
    const row = this.statements.get(`SELECT n, doc FROM ${this.t} WHERE id = ?`).get(id) as { n: number; doc: string } | undefined;
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
      e.dirty = true;
      return;
    }
    const current = e.current;
    if (current === null && write.upsert !== true) return;
    const next: Record<string, unknown> = current === null ? { _id: write.id, ...write.set } : { ...current, ...write.set };
    for (const [field, value] of Object.entries(write.min ?? {})) next[field] = minOf(current?.[field], value);
    e.current = next;
    e.dirty = true;
  }

  /** Writes every document changed since the last flush (before a query of the batch, and at its end). */
  flush(): void {
    for (const [id, e] of this.entries) {
      if (!e.dirty) continue;
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
  }

  private insert(id: string, doc: Record<string, unknown>): StoredDocument {
    const { columns } = this.layout;
    const values = columns.map((c) => toColumn(valueAt(doc, c)));
    const sql = `INSERT INTO ${this.t} (id, doc${columns.map((c) => `, ${quoted(c)}`).join('')}) VALUES (?, ?${', ?'.repeat(columns.length)})`;
    const n = Number(this.statements.get(sql).run(id, JSON.stringify(doc), ...values).lastInsertRowid);
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
    const sql = `UPDATE ${this.t} SET doc = ?${changed.map((c) => `, ${quoted(c)} = ?`).join('')} WHERE n = ?`;
    this.statements.get(sql).run(JSON.stringify(doc), ...values, current.n);
    for (const list of this.layout.lists) {
      if (changed.includes(list)) this.changeList(list, current.n, listValues(valueAt(current.doc, list)), listValues(valueAt(doc, list)));
    }
    const search = this.layout.search;
    if (search !== null && changed.includes(search)) {
      this.statements.get(`DELETE FROM ${quoted(searchTable(this.layout.table))} WHERE rowid = ?`).run(current.n);
      this.indexText(current.n, valueAt(doc, search));
    }
    if (this.layout.countedBy.some((c) => changed.includes(c))) {
      this.count(current.doc, -1);
      this.count(doc, 1);
    }
    return { n: current.n, doc };
  }

  private remove(current: StoredDocument): void {
    this.statements.get(`DELETE FROM ${this.t} WHERE n = ?`).run(current.n);
    for (const list of this.layout.lists) this.changeList(list, current.n, listValues(valueAt(current.doc, list)), []);
    if (this.layout.search !== null) this.statements.get(`DELETE FROM ${quoted(searchTable(this.layout.table))} WHERE rowid = ?`).run(current.n);
    this.count(current.doc, -1);
  }

  private changeList(field: string, n: number, before: readonly SqlValue[], after: readonly SqlValue[]): void {
    const table = quoted(listTable(this.layout.table, field));
    for (const v of before) if (!after.includes(v)) this.statements.get(`DELETE FROM ${table} WHERE value = ? AND n = ?`).run(v, n);
    for (const v of after) if (!before.includes(v)) this.statements.get(`INSERT OR IGNORE INTO ${table} (value, n) VALUES (?, ?)`).run(v, n);
  }

  private indexText(n: number, text: unknown): void {
    if (typeof text !== 'string' || text === '') return;
    this.statements.get(`INSERT INTO ${quoted(searchTable(this.layout.table))} (rowid, text) VALUES (?, ?)`).run(n, text);
  }

  private count(doc: Readonly<Record<string, unknown>>, delta: 1 | -1): void {
    const keys = this.layout.countedBy;
    if (keys.length === 0) return;
    const sql = `INSERT INTO ${quoted(countsTable(this.layout.table))} (${keys.map(quoted).join(', ')}, n) VALUES (${keys.map(() => '?').join(', ')}, ?) ` +
      'ON CONFLICT DO UPDATE SET n = n + excluded.n';
    this.statements.get(sql).run(...keys.map((k) => JSON.stringify(valueAt(doc, k) ?? null)), delta);
  }
}

