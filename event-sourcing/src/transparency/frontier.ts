import { EMPTY_ROOT, Hash, hashChildren } from './hashing';
import { NodeId } from './tree-ranges';

export interface FrontierNode extends NodeId {
  readonly hash: Hash;
}

/**
 * The compact range [0, size) of the tree: the roots of its perfect subtrees, one per set bit of
 * size, largest (leftmost) first. It is all the state needed to append a leaf and to give the root.
 */
export class Frontier {
  private constructor(private size_: number, private readonly nodes: FrontierNode[]) {}

  static empty(): Frontier {
    return new Frontier(0, []);
  }

  static of(size: number, nodes: readonly FrontierNode[]): Frontier {
    const expected = [...size.toString(2)].filter((bit) => bit === '1').length;
    if (nodes.length !== expected) throw new Error(`a frontier of ${size} leaves has ${expected} nodes, not ${nodes.length}`);
    return new Frontier(size, [...nodes]);
  }

  get size(): number {
    return this.size_;
  }

  get roots(): readonly FrontierNode[] {
    return this.nodes;
  }

  /** Adds a leaf; answers the interior nodes it completed (each a perfect subtree of level ≥ 1). */
  append(leaf: Hash): FrontierNode[] {
    const completed: FrontierNode[] = [];
    let node: FrontierNode = { level: 0, index: this.size_, hash: leaf };
    while (this.nodes.length > 0 && this.nodes[this.nodes.length - 1].level === node.level) {
      const left = this.nodes.pop() as FrontierNode;
      node = { level: node.level + 1, index: left.index / 2, hash: hashChildren(left.hash, node.hash) };
      completed.push(node);
    }
    this.nodes.push(node);
    this.size_ += 1;
    return completed;
  }

  /** RFC 9162 MTH of the leaves so far: the roots folded from the right. */
  root(): Hash {
    if (this.nodes.length === 0) return EMPTY_ROOT;
    return this.nodes.reduceRight<Hash | null>((acc, node) => (acc === null ? node.hash : hashChildren(node.hash, acc)), null) as Hash;
  }
}
