/**
 * The documents of a table written since its last snapshot (by `_id`, with the number of the write),
 * so that a snapshot delta holds only them. A write noted after a delta was captured stays noted
 * when that delta is forgotten (`forget(upTo)`), so a delta that fails to be written loses nothing.
 */
export class ChangeTracker {
  private writes = new Map<string, number>();
  private count = 0;
  /** Every write noted (id and number) in the order of their numbers: what forget keeps is its tail. */
  private logIds: string[] = [];
  private logNumbers: number[] = [];
  /** Only a full snapshot can save the table: it was emptied, or a replay is rewriting it (saveWhole). */
  private wholeOnly = false;
  /** Whether writes are noted one by one (not from saveWhole until the next capture). */
  private noting = true;

  note(id: string): void {
    if (!this.noting) return;
    this.writes.set(id, ++this.count);
    this.logIds.push(id);
    this.logNumbers.push(this.count);
    // Files that keep failing: the log holds each write of a document again; keep it near the documents noted.
    if (this.logIds.length > 2 * this.writes.size + 65_536) this.compactLog();
  }

  /** The table was emptied (every document gone at once). */
  noteEmptied(): void {
    this.clearWrites();
    this.wholeOnly = true;
  }

  /** The table now equals what is on disk (restored from it): nothing to write. */
  reset(): void {
    this.clearWrites();
    this.wholeOnly = false;
    this.noting = true;
  }

  /**
   * From now on only a full snapshot can save the table (a replay of a long log is rewriting it), so
   * its writes are not noted one by one until the capture that snapshot is written from: a rebuild
   * of 100,000 tickets noted 300,000 writes that the first full snapshot forgot at once (0.4 s of
   * the rebuild, most of it the collector's).
   */
  saveWhole(): void {
    this.clearWrites();
    this.wholeOnly = true;
    this.noting = false;
  }

  get needsFull(): boolean {
    return this.wholeOnly;
  }

  get size(): number {
    return this.writes.size;
  }

  /** The ids written so far, and the number of the last write (for forget). */
  capture(): { readonly ids: readonly string[]; readonly upTo: number } {
    this.noting = true;
    return { ids: [...this.writes.keys()], upTo: this.count };
  }

  /**
   * Forgets the writes up to `upTo` (they are on disk now); `full`: a full snapshot also answers an
   * emptying. The writes numbered after `upTo` are the log's tail and are kept in a new map, rather
   * than the others deleted from this one: after a full snapshot of 100,000 documents the deletes
   * held the event loop 13-16 ms at once, of 1,000,000 about 370 ms; now it costs the writes made
   * meanwhile. (An older file finishing after a newer one finds nothing more to forget.)
   */
  forget(upTo: number, full: boolean): void {
    if (full) this.wholeOnly = false;
    const from = firstAbove(this.logNumbers, upTo);
    if (from === 0) return;
    this.logIds = this.logIds.slice(from);
    this.logNumbers = this.logNumbers.slice(from);
    this.writes = new Map();
    for (let i = 0; i < this.logIds.length; i++) this.writes.set(this.logIds[i], this.logNumbers[i]);
  }

  private clearWrites(): void {
    this.writes = new Map();
    this.logIds = [];
    this.logNumbers = [];
  }

  /** The log with one entry per document noted (its last write), in the order of the numbers. */
  private compactLog(): void {
    const entries = [...this.writes].sort((a, b) => a[1] - b[1]);
    this.logIds = entries.map(([id]) => id);
    this.logNumbers = entries.map(([, n]) => n);
  }
}

/** The index of the first number above `upTo` in ascending `numbers` (its length when none). */
function firstAbove(numbers: readonly number[], upTo: number): number {
  let lo = 0;
  let hi = numbers.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (numbers[mid] <= upTo) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
