/**
 * How one collection lies in SQLite: a table `<collection>` with an integer key `n`, the document's
 * id, the whole document as JSON text (`doc`), and a column for each declared field (a copy of the
 * document's value, kept by the writer) that indexes and analysts use; beside it a table of values
 * per list field (`<collection>:<field>`), the document counts (`<collection>:counts`), the
 * FTS5 trigram index of the search field (`<collection>:search`, or one per scope: search-tables) and the documents whose search
 * field is not in that index yet (`<collection>:search-pending`, see DocumentWriter).
 */
export interface TableLayout {
  readonly collection: string;
  readonly table: string;
  /** Declared fields with a column of their own, in column order. */
  readonly columns: readonly string[];
  readonly lists: readonly string[];
  readonly search: string | null;
  /** The field every search is scoped by: its search index is kept per value of it (see search-tables). */
  readonly searchScopedBy: string | null;
  readonly countedBy: readonly string[];
  /** Timestamp fields whose UTC days, hours and minutes the documents are also counted by (with countedBy: see period-counts). */
  readonly countedByTime: readonly string[];
  /** The table's indexes (beside its own on id). */
  readonly indexes: readonly TableIndex[];
}

/** One index of a collection's table: its name in the file and its columns, in order. */
export interface TableIndex {
  readonly name: string;
  readonly columns: readonly string[];
}
