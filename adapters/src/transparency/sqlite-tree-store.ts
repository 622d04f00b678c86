import type Database from 'better-sqlite3';
import { comparePositions, Position } from '@support/domain';
import {
  Frontier, FrontierNode, Hash, LOWEST_STORED_LEVEL, NodeId, StoredCheckpoint, TreeLeaf, TreeState, TreeStore,
} from '@support/event-sourcing';
import { WalCheckpointer } from '../sqlite';
import { openSharedFile } from '../sqlite/shared-file';

export const TRANSPARENCY_FILE = 'transparency.sqlite';

/**
 * The tree in its own SQLite file beside the log (DATA_DIR/transparency.sqlite), so that its writer
 * never takes the log's write lock. Leaves: index (the rowid), the event's position, its hash; no index
 * on the position (leaves are in log order, so a leaf is found by its position in a binary search,
 * and an index would be one more B-tree written at every append).
 * Nodes: levels ≥ LOWEST_STORED_LEVEL only. State: one row, the size, last position and compact range.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS leaves (
    leaf_index INTEGER PRIMARY KEY,
    commit_position INTEGER NOT NULL,
    prepare_position INTEGER NOT NULL,
    hash BLOB NOT NULL
  );
  DROP INDEX IF EXISTS leaves_by_position;
  CREATE TABLE IF NOT EXISTS nodes (
    level INTEGER NOT NULL,
    node_index INTEGER NOT NULL,
    hash BLOB NOT NULL,
    PRIMARY KEY (level, node_index)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS tree_state (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    size INTEGER NOT NULL,
    commit_position INTEGER,
    prepare_position INTEGER,
    frontier BLOB NOT NULL
  );
  CREATE TABLE IF NOT EXISTS checkpoints (
    size INTEGER PRIMARY KEY,
    time INTEGER NOT NULL,
    note TEXT NOT NULL
  );`;

type StateRow = { size: number; commit_position: number | bigint | null; prepare_position: number | bigint | null; frontier: Buffer };
type CheckpointRow = { size: number; time: number; note: string };

const HASH_BYTES = 32;

/** Leaves written by one statement: a batch's leaves cost a sixteenth of the statement runs (each a call into SQLite, its binding and its reset). */
const LEAVES_PER_INSERT = 16;
const INSERT_LEAVES = `INSERT INTO leaves (leaf_index, commit_position, prepare_position, hash) VALUES ${Array(LEAVES_PER_INSERT).fill('(?, ?, ?, ?)').join(', ')}`;

/** Leaves read at once by the offline audit (a page's rows at once cost a fraction of as many steps of an iterator). */
const LEAF_PAGE = 4_096;

/** The compact range of a size: one node per set bit, highest first, so the levels follow from the size. */
const frontierOf = (size: number, blob: Buffer): FrontierNode[] => {
  const nodes: FrontierNode[] = [];
  let start = 0;
  for (let level = Math.floor(Math.log2(Math.max(size, 1))); level >= 0; level--) {
    if (Math.floor(size / 2 ** level) % 2 === 1) {
      const i = nodes.length;
      nodes.push({ level, index: start / 2 ** level, hash: blob.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES) });
      start += 2 ** level;
    }
  }
  return nodes;
};

const positionOf = (commit: number | bigint, prepare: number | bigint): Position => ({ commit: BigInt(commit), prepare: BigInt(prepare) });

const checkpointOfRow = (row: CheckpointRow | undefined): StoredCheckpoint | null => (row === undefined ? null : { size: row.size, time: new Date(row.time), note: row.note });

export class SqliteTreeStore implements TreeStore {
  private readonly statements;

  /**
   * Opens (or makes) the tree's file; `readonly` for the processes that only prove. The writer's WAL
   * is checkpointed from a thread (WalCheckpointer), not by the commit that fills it.
   */
  static open(file: string, options: { readonly readonly?: boolean; readonly onCheckpointFailure?: (message: string) => void } = {}): SqliteTreeStore {
    const db = openSharedFile(file, SCHEMA, 5_000);
    if (options.readonly) {
      db.pragma('query_only = true');
      return new SqliteTreeStore(db, null);
    }
    WalCheckpointer.backstop(db);
    return new SqliteTreeStore(db, WalCheckpointer.start(file, options.onCheckpointFailure ?? (() => undefined)));
  }

  private constructor(private readonly db: Database.Database, private readonly checkpointer: WalCheckpointer | null) {
    db.defaultSafeIntegers(false);
    this.statements = {
      state: db.prepare<[], StateRow>('SELECT size, commit_position, prepare_position, frontier FROM tree_state WHERE id = 0').safeIntegers(true),
      saveState: db.prepare('INSERT OR REPLACE INTO tree_state (id, size, commit_position, prepare_position, frontier) VALUES (0, ?, ?, ?, ?)'),
      insertLeaf: db.prepare('INSERT INTO leaves (leaf_index, commit_position, prepare_position, hash) VALUES (?, ?, ?, ?)'),
      insertLeaves: db.prepare(INSERT_LEAVES),
      insertNode: db.prepare('INSERT OR REPLACE INTO nodes (level, node_index, hash) VALUES (?, ?, ?)'),
      node: db.prepare<[number, number], { hash: Buffer }>('SELECT hash FROM nodes WHERE level = ? AND node_index = ?'),
      leafHashes: db.prepare<[number, number], { hash: Buffer }>('SELECT hash FROM leaves WHERE leaf_index >= ? AND leaf_index < ? ORDER BY leaf_index'),
      leaf: db.prepare<[number], { commit_position: bigint; prepare_position: bigint; hash: Buffer }>(
        'SELECT commit_position, prepare_position, hash FROM leaves WHERE leaf_index = ?').safeIntegers(true),
      saveCheckpoint: db.prepare('INSERT OR IGNORE INTO checkpoints (size, time, note) VALUES (?, ?, ?)'),
      latestCheckpoint: db.prepare<[], CheckpointRow>('SELECT size, time, note FROM checkpoints ORDER BY size DESC LIMIT 1'),
      checkpoints: db.prepare<[], CheckpointRow>('SELECT size, time, note FROM checkpoints ORDER BY size'),
      checkpointOf: db.prepare<[number], CheckpointRow>('SELECT size, time, note FROM checkpoints WHERE size = ?'),
    };
  }

  state(): TreeState {
    const row = this.statements.state.get();
    if (row === undefined) return { size: 0, lastPosition: null, frontier: [] };
    const size = Number(row.size);
    return {
      size,
      lastPosition: row.commit_position === null ? null : positionOf(row.commit_position, row.prepare_position ?? row.commit_position),
      frontier: frontierOf(size, row.frontier),
    };
  }

  append(leaves: readonly TreeLeaf[], nodes: readonly FrontierNode[], state: TreeState): void {
    this.db.transaction(() => {
      const stored = this.state();
      // One writer at a time (BEGIN IMMEDIATE); a second follower of the same file finds its leaves already there.
      if (stored.size !== state.size - leaves.length) throw new Error(`the tree has ${stored.size} leaves, not the ${state.size - leaves.length} this batch follows`);
      this.insertLeaves(stored.size, leaves);
      nodes.forEach((node) => this.statements.insertNode.run(node.level, node.index, node.hash));
      const last = state.lastPosition;
      this.statements.saveState.run(state.size, last?.commit ?? null, last?.prepare ?? null, Buffer.concat(state.frontier.map((n) => n.hash)));
    }).immediate();
  }

  /** The leaves from index `first` on, LEAVES_PER_INSERT to a statement, the rest one by one. */
  private insertLeaves(first: number, leaves: readonly TreeLeaf[]): void {
    const values: unknown[] = new Array(LEAVES_PER_INSERT * 4);
    let i = 0;
    for (; i + LEAVES_PER_INSERT <= leaves.length; i += LEAVES_PER_INSERT) {
      for (let j = 0; j < LEAVES_PER_INSERT; j++) {
        const { position, hash } = leaves[i + j];
        values[j * 4] = first + i + j;
        values[j * 4 + 1] = position.commit;
        values[j * 4 + 2] = position.prepare;
        values[j * 4 + 3] = hash;
      }
      this.statements.insertLeaves.run(values);
    }
    for (; i < leaves.length; i++) this.statements.insertLeaf.run(first + i, leaves[i].position.commit, leaves[i].position.prepare, leaves[i].hash);
  }

  readonly node = ({ level, index }: NodeId): Hash => {
    if (level >= LOWEST_STORED_LEVEL) {
      const row = this.statements.node.get(level, index);
      if (row === undefined) throw new Error(`the tree has no node ${level}/${index}`);
      return row.hash;
    }
    const leaves = this.statements.leafHashes.all(index * 2 ** level, (index + 1) * 2 ** level);
    if (leaves.length !== 2 ** level) throw new Error(`the tree has no node ${level}/${index}`);
    const frontier = Frontier.empty();
    leaves.forEach((leaf) => frontier.append(leaf.hash));
    return frontier.root();
  };

  /** A binary search over the leaves, which are in log order: their positions grow with their index. */
  leafIndexOf(position: Position): number | null {
    for (let low = 0, high = this.state().size - 1; low <= high;) {
      const middle = Math.floor((low + high) / 2);
      const leaf = this.leaf(middle);
      if (leaf === null) return null;
      const order = comparePositions(leaf.position, position);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return null;
  }

  leaf(index: number): TreeLeaf | null {
    const row = this.statements.leaf.get(index);
    return row === undefined ? null : { position: positionOf(row.commit_position, row.prepare_position), hash: row.hash };
  }

  /** The stored leaves in order from an index, read a page of LEAF_PAGE at a time (the offline audit: memory does not grow with the tree). */
  *leaves(from = 0): Iterable<TreeLeaf> {
    const page = this.db.prepare<[number, number], [number, number, number, Buffer]>(
      'SELECT leaf_index, commit_position, prepare_position, hash FROM leaves WHERE leaf_index > ? ORDER BY leaf_index LIMIT ?').raw(true);
    for (let after = from - 1; ;) {
      const rows = page.all(after, LEAF_PAGE);
      for (const [, commit, prepare, hash] of rows) yield { position: positionOf(commit, prepare), hash };
      if (rows.length < LEAF_PAGE) return;
      after = rows[rows.length - 1][0];
    }
  }

  /** Stores the checkpoint unless one of its size is stored (the first signed stays); true when this one was stored. */
  saveCheckpoint(checkpoint: StoredCheckpoint): boolean {
    return this.statements.saveCheckpoint.run(checkpoint.size, checkpoint.time.getTime(), checkpoint.note).changes > 0;
  }

  latestCheckpoint(): StoredCheckpoint | null {
    return checkpointOfRow(this.statements.latestCheckpoint.get());
  }

  checkpointOf(size: number): StoredCheckpoint | null {
    return checkpointOfRow(this.statements.checkpointOf.get(size));
  }

  *checkpoints(): Iterable<StoredCheckpoint> {
    for (const row of this.statements.checkpoints.iterate()) yield { size: row.size, time: new Date(row.time), note: row.note };
  }

  /** Closes the file at once; answers once the checkpointer's thread has stopped too. */
  close(): Promise<void> {
    this.db.close();
    return this.checkpointer?.stop() ?? Promise.resolve();
  }
}
