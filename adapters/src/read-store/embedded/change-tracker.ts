/**
 * The documents of a table written since its last snapshot (by `_id`, with the number of the write),
 * so that a snapshot delta holds only them. A write noted after a delta was captured stays noted
 * when that delta is forgotten (`forget(upTo)`), so a delta that fails to be written loses nothing.
 */
export class ChangeTracker {
  private readonly writes = new Map<string, number>();
  private count = 0;
  /** The table was emptied: only a full snapshot can say so. */
  private emptied = false;

  note(id: string): void {
    this.writes.set(id, ++this.count);
  }

  /** The table was emptied (every document gone at once). */
  noteEmptied(): void {
    this.writes.clear();
    this.emptied = true;
  }

  /** The table now equals what is on disk (restored from it): nothing to write. */
  reset(): void {
    this.writes.clear();
    this.emptied = false;
  }

  get needsFull(): boolean {
    return this.emptied;
  }

  get size(): number {
    return this.writes.size;
  }

  /** The ids written so far, and the number of the last write (for forget). */
  capture(): { readonly ids: readonly string[]; readonly upTo: number } {
    return { ids: [...this.writes.keys()], upTo: this.count };
  }

  /** Forgets the writes up to `upTo` (they are on disk now); `full`: a full snapshot also answers an emptying. */
  forget(upTo: number, full: boolean): void {
    for (const [id, n] of this.writes) if (n <= upTo) this.writes.delete(id);
    if (full) this.emptied = false;
  }
}
