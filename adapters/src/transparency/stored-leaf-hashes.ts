import Database from 'better-sqlite3';

/**
 * The leaf hashes the tree's file holds for a range of the embedded log's positions, read only (the
 * offline audit's threads: what a recomputed leaf is first compared with, see log-leaves-worker).
 */
export class StoredLeafHashes {
  private readonly db: Database.Database;
  private readonly range: Database.Statement<[number, number], [number, Buffer]>;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
    this.range = this.db.prepare<[number, number], [number, Buffer]>(
      'SELECT commit_position, hash FROM leaves WHERE commit_position > ? AND commit_position <= ? ORDER BY commit_position').raw(true);
  }

  /** The stored leaves after `after` up to `upTo` (inclusive): [position, hash], in position order. */
  between(after: number, upTo: number): [number, Buffer][] {
    return this.range.all(after, upTo);
  }

  close(): void {
    this.db.close();
  }
}
