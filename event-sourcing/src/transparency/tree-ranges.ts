/**
 * RFC 9162 2.1 in terms of leaf ranges. A range [start, end) of the log has the hash MTH of its
 * leaves; a *perfect* range (2^level leaves, start a multiple of 2^level) is one node of the tree,
 * named by its level and index (start >> level). Proofs are lists of ranges; the hash of any range
 * is the fold of the perfect ranges it splits into, so a store needs to give only perfect nodes.
 */
export interface LeafRange {
  readonly start: number;
  readonly end: number;
}

export interface NodeId {
  readonly level: number;
  readonly index: number;
}

/** The largest power of two smaller than n (n ≥ 2): where RFC 9162 splits a tree of n leaves. */
export const splitPoint = (n: number): number => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

/** The perfect nodes whose fold (from the right, see foldRange) is the hash of the range. */
export const perfectNodesOf = (range: LeafRange): NodeId[] => {
  const nodes: NodeId[] = [];
  let { start } = range;
  const { end } = range;
  // RFC 9162 splits at the largest power of two below the size: each left part is perfect and aligned.
  while (end - start > 0) {
    const size = end - start;
    const part = (size & (size - 1)) === 0 ? size : splitPoint(size);
    const level = Math.log2(part);
    nodes.push({ level, index: start / part });
    start += part;
  }
  return nodes;
};

/** RFC 9162 2.1.3.1 PATH(m, D[start:end]): the ranges whose hashes prove leaf m, lowest first. */
export const inclusionRanges = (m: number, size: number): LeafRange[] => {
  const path: LeafRange[] = [];
  let start = 0;
  let end = size;
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (m < start + k) {
      path.push({ start: start + k, end });
      end = start + k;
    } else {
      path.push({ start, end: start + k });
      start += k;
    }
  }
  return path.reverse();
};

/** RFC 9162 2.1.4.1 PROOF(m, D[0:n]) for 0 < m < n: the ranges that prove tree m a prefix of tree n. */
export const consistencyRanges = (m: number, n: number): LeafRange[] => {
  const proof: LeafRange[] = [];
  let start = 0;
  let end = n;
  let first = m;
  let whole = true;
  while (first !== end - start) {
    const k = splitPoint(end - start);
    if (first <= k) {
      proof.push({ start: start + k, end });
      end = start + k;
    } else {
      proof.push({ start, end: start + k });
      first -= k;
      start += k;
      whole = false;
    }
  }
  if (!whole) proof.push({ start, end });
  return proof.reverse();
};
