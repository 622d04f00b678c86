/**
 * The ordinals of the documents holding one gram, ascending: a new ordinal is always the largest
 * yet (see SubstringIndex), so adding is an append. Ordinals of documents that left (or changed
 * their text) stay until more than half of the list is stale, then the list is compacted.
 */
export class PostingList {
  private ordinals = new Int32Array(4);
  private used = 0;
  private stale = 0;

  get length(): number {
    return this.used;
  }

  /** The last ordinal appended, or -1. */
  last(): number {
    return this.used === 0 ? -1 : this.ordinals[this.used - 1];
  }

  append(ordinal: number): void {
    if (this.used === this.ordinals.length) {
      const grown = new Int32Array(this.ordinals.length * 2);
      grown.set(this.ordinals);
      this.ordinals = grown;
    }
    this.ordinals[this.used++] = ordinal;
  }

  /** One of the ordinals is no longer live; compacts when most are not. */
  retire(isLive: (ordinal: number) => boolean): void {
    if (++this.stale * 2 <= this.used || this.used < 16) return;
    let kept = 0;
    for (let i = 0; i < this.used; i++) if (isLive(this.ordinals[i])) this.ordinals[kept++] = this.ordinals[i];
    this.used = kept;
    this.stale = 0;
    if (this.ordinals.length > 4 * Math.max(4, kept)) this.ordinals = this.ordinals.slice(0, Math.max(4, kept * 2));
  }

  /** The ordinals, ascending (a view: valid until the next write). */
  view(): Int32Array {
    return this.ordinals.subarray(0, this.used);
  }
}

/** The ordinals of `sorted` (ascending) also in `other` (ascending), by galloping through `other`. */
export function intersectSorted(sorted: ArrayLike<number>, other: Int32Array): number[] {
  const out: number[] = [];
  let lo = 0;
  for (let i = 0; i < sorted.length && lo < other.length; i++) {
    const wanted = sorted[i];
    let step = 1;
    let hi = lo;
    while (hi < other.length && other[hi] < wanted) {
      lo = hi + 1;
      hi += step;
      step *= 2;
    }
    hi = Math.min(hi, other.length);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (other[mid] < wanted) lo = mid + 1;
      else hi = mid;
    }
    if (lo < other.length && other[lo] === wanted) out.push(wanted);
  }
  return out;
}
