import { Hash, hashChildren } from './hashing';
import { consistencyRanges, inclusionRanges, LeafRange, NodeId, perfectNodesOf } from './tree-ranges';

/** A perfect node of the tree by its level and index; every node asked for lies within the tree's size. */
export type NodeSource = (node: NodeId) => Hash;

/** The hash of a range: its perfect nodes folded from the right (RFC 9162's split, see perfectNodesOf). */
export const rangeHash = (range: LeafRange, node: NodeSource): Hash => {
  const hashes = perfectNodesOf(range).map(node);
  return hashes.reduceRight<Hash | null>((acc, h) => (acc === null ? h : hashChildren(h, acc)), null) as Hash;
};

export interface ProofError {
  readonly kind: 'ProofOutOfRange';
  readonly message: string;
}

/** RFC 9162 2.1.3: the audit path of leaf `index` in the tree of `size` leaves. */
export const inclusionProof = (index: number, size: number, node: NodeSource): Hash[] | ProofError => {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) {
    return { kind: 'ProofOutOfRange', message: `leaf ${index} is not in a tree of ${size} leaves` };
  }
  return inclusionRanges(index, size).map((range) => rangeHash(range, node));
};

/** RFC 9162 2.1.4: the proof that the tree of `first` leaves is a prefix of the tree of `second`. */
export const consistencyProof = (first: number, second: number, node: NodeSource): Hash[] | ProofError => {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 1 || first > second) {
    return { kind: 'ProofOutOfRange', message: `sizes ${first} and ${second}: the first must be at least 1 and at most the second` };
  }
  if (first === second) return [];
  return consistencyRanges(first, second).map((range) => rangeHash(range, node));
};

export const isProofError = (value: Hash[] | ProofError): value is ProofError => !Array.isArray(value);
