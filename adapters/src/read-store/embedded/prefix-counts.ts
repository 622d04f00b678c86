/**
 * The lengths of a list of chunks, summed by prefix in O(log n) (a Fenwick tree): the rank of a
 * chunk's first element, and the chunk holding a rank, without walking the chunks before it.
 * Built in O(n) from the chunks, kept by point updates while no chunk is added or dropped.
 */
export class PrefixCounts {
  /** tree[i] (1-based) sums the lengths of chunks (i - lowbit(i), i]. */
  private readonly tree: number[];

  constructor(chunks: readonly { readonly length: number }[]) {
    const n = chunks.length;
    const tree = new Array<number>(n + 1).fill(0);
    for (let i = 1; i <= n; i++) {
      tree[i] += chunks[i - 1].length;
      const up = i + (i & -i);
      if (up <= n) tree[up] += tree[i];
    }
    this.tree = tree;
  }

  /** Chunk `index` grew (or shrank) by `delta` elements. */
  add(index: number, delta: number): void {
    const tree = this.tree;
    for (let i = index + 1; i < tree.length; i += i & -i) tree[i] += delta;
  }

  /** How many elements the chunks before `index` hold. */
  before(index: number): number {
    let sum = 0;
    for (let i = index; i > 0; i -= i & -i) sum += this.tree[i];
    return sum;
  }

  /** The chunk holding the element of rank `rank` and its offset there; chunk = n when past the end. */
  locate(rank: number): { readonly chunk: number; readonly offset: number } {
    const tree = this.tree;
    const n = tree.length - 1;
    let at = 0;
    let rest = rank;
    let step = 1;
    while (step * 2 <= n) step *= 2;
    for (; step > 0; step >>= 1) {
      if (at + step <= n && tree[at + step] <= rest) {
        at += step;
        rest -= tree[at];
      }
    }
    return { chunk: at, offset: rest };
  }
}
