import { PrefixCounts } from './prefix-counts';

/**
 * A list kept in order by a comparator, stored as a list of chunks of at most 2 × `load`
 * elements (the layout of Python's sortedcontainers): insert and remove cost a binary search
 * plus a splice inside one small chunk, so a million entries stay cheap to maintain.
 * `version` changes on every write, so a scan reading it in slices can notice that it must seek again.
 */
export class SortedList<E> {
  private chunks: E[][] = [];
  private total = 0;
  private writes = 0;
  /** The chunks' lengths summed by prefix (ranks in O(log n)); null when chunks were added or dropped since (built again when needed). */
  private counts: PrefixCounts | null = null;
  /** Chunks handed out by `freeze` and still in the list: copied before their first change (null: none). */
  private frozen: Set<E[]> | null = null;

  constructor(
    private readonly compare: (a: E, b: E) => number,
    private readonly load = 128,
  ) {}

  get size(): number {
    return this.total;
  }

  get version(): number {
    return this.writes;
  }

  clear(): void {
    this.chunks = [];
    this.counts = null;
    this.frozen = null;
    this.total = 0;
    this.writes++;
  }

  /** Replaces the content with `sorted` (already in the comparator's order), in chunks of `load`: no comparison. */
  fill(sorted: readonly E[]): void {
    this.chunks = [];
    this.counts = null;
    this.frozen = null;
    for (let i = 0; i < sorted.length; i += this.load) this.chunks.push(sorted.slice(i, i + this.load));
    this.total = sorted.length;
    this.writes++;
  }

  insert(element: E): void {
    this.writes++;
    this.total++;
    if (this.chunks.length === 0) {
      this.chunks.push([element]);
      this.counts = null;
      return;
    }
    const c = this.chunkFor((e) => this.compare(e, element) <= 0);
    const chunk = this.writableChunk(c);
    chunk.splice(upperBound(chunk, (e) => this.compare(e, element) <= 0), 0, element);
    if (chunk.length > 2 * this.load) {
      this.chunks.splice(c, 1, chunk.slice(0, this.load), chunk.slice(this.load));
      this.counts = null;
    } else {
      this.counts?.add(c, 1);
    }
  }

  /** Removes the element equal (by the comparator) to `element`; false when there is none. */
  remove(element: E): boolean {
    if (this.chunks.length === 0) return false;
    const c = this.chunkFor((e) => this.compare(e, element) < 0);
    const i = upperBound(this.chunks[c], (e) => this.compare(e, element) < 0);
    if (i >= this.chunks[c].length || this.compare(this.chunks[c][i], element) !== 0) return false;
    const chunk = this.writableChunk(c);
    chunk.splice(i, 1);
    if (chunk.length === 0) {
      this.chunks.splice(c, 1);
      this.counts = null;
    } else {
      this.counts?.add(c, -1);
    }
    this.total--;
    this.writes++;
    return true;
  }

  /**
   * The rank (global position) of the first element for which `isBefore` is false;
   * `isBefore` must hold for a prefix of the list and fail for the rest.
   */
  rankWhere(isBefore: (e: E) => boolean): number {
    if (this.chunks.length === 0) return 0;
    const c = this.chunkFor(isBefore);
    return this.prefixCounts().before(c) + upperBound(this.chunks[c], isBefore);
  }

  /**
   * The list as it is now, kept as it is for whoever holds it (copy on write): its chunks, in order.
   * Costs one array of references; a later write copies a chunk handed out here before changing it,
   * so a capture of a large index does not stop the event loop to copy its entries.
   */
  freeze(): readonly (readonly E[])[] {
    const chunks = this.chunks.slice();
    // Chunks of an earlier freeze that are no longer in the list are no longer written; the rest are in `chunks` again.
    this.frozen = chunks.length === 0 ? null : new Set(chunks);
    return chunks;
  }

  private prefixCounts(): PrefixCounts {
    if (this.counts === null) this.counts = new PrefixCounts(this.chunks);
    return this.counts;
  }

  /** The chunk at `c`, copied first when a freeze handed it out. */
  private writableChunk(c: number): E[] {
    const chunk = this.chunks[c];
    if (this.frozen === null || !this.frozen.has(chunk)) return chunk;
    const copy = chunk.slice();
    this.chunks[c] = copy;
    this.frozen.delete(chunk);
    if (this.frozen.size === 0) this.frozen = null;
    return copy;
  }

  /** The elements with ranks from `from` (inclusive) to `to` (exclusive), in order. */
  slice(from: number, to: number): E[] {
    const out: E[] = [];
    const start = Math.max(0, from);
    let remaining = Math.min(to, this.total) - start;
    if (remaining <= 0) return out;
    let { chunk: c, offset } = this.prefixCounts().locate(start);
    for (; c < this.chunks.length && remaining > 0; c++) {
      const chunk = this.chunks[c];
      const end = Math.min(chunk.length, offset + remaining);
      for (let i = offset; i < end; i++) out.push(chunk[i]);
      remaining -= end - offset;
      offset = 0;
    }
    return out;
  }

  private chunkFor(isBefore: (e: E) => boolean): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = this.chunks[mid];
      if (isBefore(chunk[chunk.length - 1])) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The first index in `sorted` for which `isBefore` is false. */
function upperBound<E>(sorted: readonly E[], isBefore: (e: E) => boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isBefore(sorted[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
