import { FrontierNode, StoredCheckpoint, TreeLeaf, TreeState, TreeStore } from '@support/event-sourcing';

/**
 * The tree as its follower and its signer write it. A store whose writes go to a server first (the
 * MongoDB one, shared by every process) answers a promise, awaited before a batch counts as taken;
 * a checkpoint's save may tell whether it was stored (false: another process stored one of that
 * size first, and its signer tells of it). The SQLite store writes at once and is such a store too.
 */
export type WrittenTree = Omit<TreeStore, 'append' | 'saveCheckpoint'> & {
  append(leaves: readonly TreeLeaf[], nodes: readonly FrontierNode[], state: TreeState): void | Promise<void>;
  saveCheckpoint(checkpoint: StoredCheckpoint): void | boolean | Promise<void | boolean>;
};
