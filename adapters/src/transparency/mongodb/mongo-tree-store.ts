import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Collection, Db } from 'mongodb';
import { Position, positionFromString, positionToString } from '@support/domain';
import {
  Frontier, FrontierNode, LOWEST_STORED_LEVEL, NodeSource, StoredCheckpoint, TreeLeaf, TreeState, TreeStore,
} from '@support/event-sourcing';
import { leaseOwner } from '../../read-models/mongodb/declare-lease';
import { isDuplicateKey } from '../../read-models/mongodb/position-guard';
import { OneAtATime } from '../../read-models/one-at-a-time';
import { SqliteTreeStore } from '../sqlite-tree-store';

/** The collections of the tree, beside the read models in their database. */
export const TREE_COLLECTION = 'transparency_tree';
export const LEAVES_COLLECTION = 'transparency_leaves';
export const CHECKPOINTS_COLLECTION = 'transparency_checkpoints';

/** The one document of TREE_COLLECTION: what the tree has taken in (SQLite's tree_state row). */
interface TreeDocument {
  _id: 'tree';
  size: number;
  /** The position of the last leaf ("commit/prepare"), the follower's position. */
  last: string | null;
  /** The compact range: one hash a set bit of size, highest level first. */
  frontier: Buffer;
  /** Who wrote it last (host, process): for an operator, not a guard. */
  writer: string;
}

interface LeafDocument {
  /** The leaf's index. */
  _id: number;
  /** The event's position ("commit/prepare"). */
  position: string;
  hash: Buffer;
}

interface CheckpointDocument {
  /** The tree size it signs. */
  _id: number;
  time: Date;
  note: string;
}

const TREE_ID = 'tree';
/** Leaves read at once while copying. */
const LEAF_PAGE = 4_096;

/** Binary data as it comes back: a Buffer (promoteBuffers), a Uint8Array, or the driver's Binary (its bytes in `buffer`). */
const bytesOf = (value: unknown): Buffer => {
  const bytes = value instanceof Uint8Array ? value : (value as { buffer?: unknown } | null)?.buffer;
  if (!(bytes instanceof Uint8Array)) throw new Error('the tree in MongoDB holds a hash that is not binary');
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

const sameRange = (frontier: readonly FrontierNode[], stored: Buffer): boolean =>
  Buffer.concat(frontier.map((n) => n.hash)).equals(stored);

export interface MongoTreeStoreOptions {
  /** Where this process keeps its copy of the tree (a directory made in it, removed at close); the system's temporary directory by default. */
  readonly copyDir?: string;
  /** How often the copy takes what other processes wrote (0: only when asked, by refresh). */
  readonly refreshEveryMs?: number;
  /** Told when a refresh fails (it is tried again at the next one). */
  readonly onRefreshFailure?: (message: string) => void;
}

/**
 * The tree in MongoDB beside the read models, so that every process (each container) proves from
 * the same tree: its leaf hashes with their positions (one document a leaf), its state (size, the
 * follower's position, the compact range: one document) and its signed checkpoints.
 *
 * The proof routes read the tree synchronously (TreeStore), so each process answers them from its
 * own copy (a SqliteTreeStore in a file of its own, made at open): it copies the leaves MongoDB
 * holds beyond its size, in order, computes the nodes they complete (a stored node is a function of
 * the leaves, so MongoDB keeps none), checks its compact range against the stored one, and copies
 * the checkpoints up to its size. The copy never runs ahead of MongoDB: a write goes there first.
 *
 * One writer: a batch is written only while the tree is at the size it follows (read first), its
 * leaves (each an upsert of its index: a leaf is a function of the log, so a leaf written twice is
 * the same bytes), then the state moved from that size to the new one in one compare-and-set. A
 * second follower (a second projectors process, a rolling deploy) is behind the tree the other
 * wrote: it writes nothing, its copy takes the tree as stored and its batch fails, whence it goes
 * on past what is there (as a second follower of the SQLite file does). Two racing for the same
 * batch both write its leaves, the same bytes, and only one moves the state. Leaves written past
 * the stored size by a batch that did not finish are not part of the tree, and are written over.
 */
export class MongoTreeStore implements TreeStore {
  private readonly trees: Collection<TreeDocument>;
  private readonly leaves: Collection<LeafDocument>;
  private readonly checkpointDocs: Collection<CheckpointDocument>;
  private readonly serial = new OneAtATime();
  private readonly owner = leaseOwner();
  private readonly dir: string;
  private copy: SqliteTreeStore;
  private copies = 0;
  private refresher: NodeJS.Timeout | null = null;

  /** Opens the tree in `db` (made when the first batch is written) with its copy taken: answers once the copy holds the tree as stored. */
  static async open(db: Db, options: MongoTreeStoreOptions = {}): Promise<MongoTreeStore> {
    const store = new MongoTreeStore(db, options);
    try {
      await store.refresh();
    } catch (error) {
      await store.close();
      throw error;
    }
    const every = options.refreshEveryMs ?? 0;
    if (every > 0) {
      store.refresher = setInterval(() => {
        store.refresh().catch((error: unknown) => options.onRefreshFailure?.(error instanceof Error ? error.message : String(error)));
      }, every);
      store.refresher.unref();
    }
    return store;
  }

  private constructor(db: Db, options: MongoTreeStoreOptions) {
    this.trees = db.collection<TreeDocument>(TREE_COLLECTION);
    this.leaves = db.collection<LeafDocument>(LEAVES_COLLECTION);
    this.checkpointDocs = db.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
    this.dir = mkdtempSync(path.join(options.copyDir ?? os.tmpdir(), 'transparency-copy-'));
    this.copy = this.newCopy();
  }

  private newCopy(): SqliteTreeStore {
    this.copies += 1;
    return SqliteTreeStore.open(path.join(this.dir, `tree-${this.copies}.sqlite`));
  }

  state(): TreeState {
    return this.copy.state();
  }

  /**
   * Writes a batch to MongoDB (its leaves, then the state moved from the size it follows), then to
   * the copy. Fails, with the copy then holding the tree as stored, when the tree is not at the size
   * the batch follows (another follower wrote it).
   */
  append(leaves: readonly TreeLeaf[], nodes: readonly FrontierNode[], state: TreeState): Promise<void> {
    return this.serial.run(async () => {
      const from = state.size - leaves.length;
      const held = this.copy.state().size;
      if (held !== from) throw new Error(`the tree has ${held} leaves, not the ${from} this batch follows`);
      // A follower behind the tree (another wrote it) learns it before it writes a leaf.
      if (((await this.trees.findOne({ _id: TREE_ID }, { projection: { size: 1 } }))?.size ?? 0) !== from) return this.behind(from);
      if (leaves.length > 0) {
        await this.leaves.bulkWrite(leaves.map((leaf, i) => ({
          replaceOne: { filter: { _id: from + i }, replacement: { position: positionToString(leaf.position), hash: leaf.hash }, upsert: true },
        })), { ordered: false });
      }
      if (!(await this.moveState(from, state))) return this.behind(from);
      this.copy.append(leaves, nodes, state);
    });
  }

  /** The batch's failure when the tree is not where it follows: the copy takes the tree as stored, whence the follower goes on. */
  private async behind(from: number): Promise<never> {
    await this.takeStored();
    throw new Error(`the tree in MongoDB is not at the ${from} leaves this batch follows: another follower wrote it (now ${this.copy.state().size})`);
  }

  /** The compare-and-set: the state moves only from `from` (made at the first batch); false when it was elsewhere. */
  private async moveState(from: number, state: TreeState): Promise<boolean> {
    const moved = {
      size: state.size,
      last: state.lastPosition === null ? null : positionToString(state.lastPosition),
      frontier: Buffer.concat(state.frontier.map((n) => n.hash)),
      writer: this.owner,
    };
    try {
      const result = await this.trees.updateOne({ _id: TREE_ID, size: from }, { $set: moved }, { upsert: from === 0 });
      return result.matchedCount === 1 || result.upsertedCount === 1;
    } catch (error) {
      if (isDuplicateKey(error)) return false; // the first batch of two followers: the other made the tree
      throw error;
    }
  }

  /** Takes what other processes wrote: the leaves beyond the copy's size and the checkpoints up to it. */
  refresh(): Promise<void> {
    return this.serial.run(() => this.takeStored());
  }

  private async takeStored(): Promise<void> {
    const stored = await this.trees.findOne({ _id: TREE_ID }, { promoteBuffers: true });
    const size = stored?.size ?? 0;
    if (size < this.copy.state().size) {
      // The tree in MongoDB was made again (its database dropped): the copy is made again from it.
      const old = this.copy;
      this.copy = this.newCopy();
      await old.close();
    }
    while (this.copy.state().size < size) await this.copyLeaves(size);
    if (stored !== null && !sameRange(this.copy.state().frontier, bytesOf(stored.frontier))) {
      throw new Error(`the tree in MongoDB does not hold the leaves of its own state at size ${size}`);
    }
    const newest = this.copy.latestCheckpoint()?.size ?? 0;
    const checkpoints = this.checkpointDocs.find({ _id: { $gt: newest, $lte: size } }, { sort: { _id: 1 } });
    for await (const doc of checkpoints) this.copy.saveCheckpoint({ size: doc._id, time: doc.time, note: doc.note });
  }

  /** Copies a page of the stored leaves after the copy's last, with the nodes they complete. */
  private async copyLeaves(size: number): Promise<void> {
    const held = this.copy.state();
    const docs = await this.leaves
      .find({ _id: { $gte: held.size, $lt: size } }, { sort: { _id: 1 }, limit: LEAF_PAGE, promoteBuffers: true })
      .toArray();
    const frontier = Frontier.of(held.size, held.frontier);
    const leaves: TreeLeaf[] = [];
    const nodes: FrontierNode[] = [];
    for (const doc of docs) {
      if (doc._id !== frontier.size) throw new Error(`the tree in MongoDB has no leaf ${frontier.size} below its size ${size}`);
      const leaf = { position: positionFromString(doc.position), hash: bytesOf(doc.hash) };
      leaves.push(leaf);
      for (const node of frontier.append(leaf.hash)) if (node.level >= LOWEST_STORED_LEVEL) nodes.push(node);
    }
    if (leaves.length === 0) throw new Error(`the tree in MongoDB has no leaf ${held.size} below its size ${size}`);
    this.copy.append(leaves, nodes, { size: frontier.size, lastPosition: leaves[leaves.length - 1].position, frontier: frontier.roots });
  }

  readonly node: NodeSource = (id) => this.copy.node(id);

  leafIndexOf(position: Position): number | null {
    return this.copy.leafIndexOf(position);
  }

  leaf(index: number): TreeLeaf | null {
    return this.copy.leaf(index);
  }

  /** The copy's leaves in order from an index (the offline audit, npm run verify: SqliteTreeStore's leaves). */
  leavesFrom(from = 0): Iterable<TreeLeaf> {
    return this.copy.leaves(from);
  }

  /**
   * Stores the checkpoint unless one of its size is stored (the first signed stays, as on SQLite);
   * true when this one was stored.
   */
  async saveCheckpoint(checkpoint: StoredCheckpoint): Promise<boolean> {
    let stored = false;
    await this.serial.run(async () => {
      try {
        const result = await this.checkpointDocs.updateOne(
          { _id: checkpoint.size }, { $setOnInsert: { time: checkpoint.time, note: checkpoint.note } }, { upsert: true });
        stored = result.upsertedCount === 1;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const newest = this.copy.latestCheckpoint()?.size ?? 0;
      if (stored && checkpoint.size > newest && checkpoint.size <= this.copy.state().size) this.copy.saveCheckpoint(checkpoint);
    });
    return stored;
  }

  latestCheckpoint(): StoredCheckpoint | null {
    return this.copy.latestCheckpoint();
  }

  checkpointOf(size: number): StoredCheckpoint | null {
    return this.copy.checkpointOf(size);
  }

  checkpoints(): Iterable<StoredCheckpoint> {
    return this.copy.checkpoints();
  }

  /** Stops refreshing and removes the copy; the client stays with its owner (the read models). */
  async close(): Promise<void> {
    if (this.refresher !== null) clearInterval(this.refresher);
    await this.serial.drained();
    try {
      await this.copy.close();
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}
