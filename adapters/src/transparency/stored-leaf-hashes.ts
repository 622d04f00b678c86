import Database from 'better-sqlite3';

/**
 * The leaf hashes the tree's file holds for a range of the embedded log's positions, read only (the
 * offline audit's threads: what a recomputed leaf is first compared with, see log-leaves-worker).
 * Leaves are in log order, so a range of positions is a range of leaf indexes, found by binary
 * search (the file has no index on positions).
 */
export class StoredLeafHashes {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
    this.statements = {
      size: this.db.prepare<[], [number | null]>('SELECT max(leaf_index) FROM leaves').raw(true),
      positionAt: this.db.prepare<[number], [number]>('SELECT commit_position FROM leaves WHERE leaf_index = ?').raw(true),
      range: this.db.prepare<[number, number], [number, Buffer]>(
        'SELECT commit_position, hash FROM leaves WHERE leaf_index >= ? AND leaf_index < ? ORDER BY leaf_index').raw(true),
      scan: this.db.prepare<[number, number], [number, Buffer]>(
        'SELECT commit_position, hash FROM leaves WHERE commit_position > ? AND commit_position <= ? ORDER BY commit_position').raw(true),
    };
  }

  /** The stored leaves after `after` up to `upTo` (inclusive): [position, hash], in position order. */
  between(after: number, upTo: number): [number, Buffer][] {
    const size = (this.statements.size.get()?.[0] ?? -1) + 1;
    const from = this.firstAfter(after, size);
    const to = this.firstAfter(upTo, size);
    // A file with a leaf missing (altered) is read by position, the whole table scanned: the audit then names what differs.
    if (from === null || to === null) return this.statements.scan.all(after, upTo);
    return this.statements.range.all(from, to);
  }

  /** The index of the first leaf whose position is after `position` (size when none is; null when a leaf is missing). */
  private firstAfter(position: number, size: number): number | null {
    let low = 0;
    let high = size;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const at = this.statements.positionAt.get(middle)?.[0];
      if (at === undefined) return null;
      if (at <= position) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  close(): void {
    this.db.close();
  }
}
