import { Position } from '@support/domain';
import { FrontierNode } from './frontier';
import { Hash } from './hashing';
import { NodeSource } from './proofs';

/**
 * Nodes of this level and above are stored; those below are computed from the (at most 2^level)
 * leaf hashes under them when a proof needs one. Level 4: a sixteenth of a node per leaf.
 */
export const LOWEST_STORED_LEVEL = 4;

export interface TreeLeaf {
  readonly position: Position;
  readonly hash: Hash;
}

/** What the tree has taken in: its size, the position of its last leaf, its compact range. */
export interface TreeState {
  readonly size: number;
  readonly lastPosition: Position | null;
  readonly frontier: readonly FrontierNode[];
}

export interface StoredCheckpoint {
  readonly size: number;
  readonly time: Date;
  /** The signed note as served. */
  readonly note: string;
}

/** The tree beside the log: written by the one follower of the log, read by the proof routes. */
export interface TreeStore {
  state(): TreeState;
  /** Appends leaves and the nodes they completed (level ≥ LOWEST_STORED_LEVEL) with the new state, at once. */
  append(leaves: readonly TreeLeaf[], nodes: readonly FrontierNode[], state: TreeState): void;
  /** Any perfect node within the tree's size. */
  readonly node: NodeSource;
  /** The leaf index of the event at this position, null when the tree has no such leaf. */
  leafIndexOf(position: Position): number | null;
  leaf(index: number): TreeLeaf | null;
  saveCheckpoint(checkpoint: StoredCheckpoint): void;
  latestCheckpoint(): StoredCheckpoint | null;
  /** The checkpoint signed at this tree size, or null when none was. */
  checkpointOf(size: number): StoredCheckpoint | null;
  /** The stored checkpoints, oldest first. */
  checkpoints(): Iterable<StoredCheckpoint>;
  close(): Promise<void>;
}
