import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { SqliteTreeStore } from '@support/adapters';
import { Position } from '@support/domain';
import {
  consistencyProof, Frontier, FrontierNode, Hash, hashLeaf, inclusionProof, isCheckpointError, LOWEST_STORED_LEVEL, openCheckpoint, rangeHash,
  signCheckpoint, TreeLeaf, TreeStore, verifierKey,
} from '@support/event-sourcing';
import { WrittenTree } from '@support/projectors';
import { eventually } from '../support/eventually';
import { verifyConsistency } from '../transparency/rfc9162-consistency';
import { ed25519, leavesOf, rootOf, sigstoreAuthority, sigstoreVerifyInclusion } from '../transparency/tree-fixtures';

/** A tree store as the follower writes it and the proof routes read it. */
export type TreeUnderTest = WrittenTree & Pick<TreeStore, 'node'>;

export interface OpenedTree {
  /** The store the follower writes (the projectors' process). */
  readonly writer: TreeUnderTest;
  /**
   * Another store over the same tree, as another process opens it: `following` one takes what is
   * written as it is written (a proof route's), else it holds what was there when it opened.
   */
  beside(options: { readonly following: boolean }): Promise<TreeUnderTest>;
  /** Closes every store opened and removes the tree. */
  close(): Promise<void>;
}

export interface TreeStoreEngine {
  readonly name: string;
  /** Why the engine cannot run here (the suite is then skipped, saying why). */
  readonly skip?: string;
  /** A new, empty tree. */
  open(): Promise<OpenedTree>;
}

const ORIGIN = 'support.example/log';

/** The event position of leaf i: past 2^53, commit and prepare apart, as EventStoreDB's are. */
const positionOf = (i: number): Position => ({ commit: 2n ** 60n + BigInt(i) * 1_000n, prepare: 2n ** 60n + BigInt(i) * 1_000n - 7n });

/** The leaves' bytes (the reference's input), their tree leaves (hashes at their positions). */
const LEAVES = leavesOf(70);
const TREE_LEAVES: TreeLeaf[] = LEAVES.map((leaf, i) => ({ position: positionOf(i), hash: hashLeaf(leaf) }));
/** Batches of uneven sizes, as the follower's are (70 leaves in all). */
const BATCHES = [1, 2, 3, 5, 8, 13, 21, 17];

/** Appends the next leaves as the follower does: with the nodes they complete (level ≥ LOWEST_STORED_LEVEL) and the new state. */
const appendBatch = async (store: TreeUnderTest, leaves: readonly TreeLeaf[]): Promise<void> => {
  const state = store.state();
  const frontier = Frontier.of(state.size, state.frontier);
  const nodes: FrontierNode[] = [];
  for (const leaf of leaves) for (const node of frontier.append(leaf.hash)) if (node.level >= LOWEST_STORED_LEVEL) nodes.push(node);
  await store.append(leaves, nodes, { size: frontier.size, lastPosition: leaves[leaves.length - 1].position, frontier: frontier.roots });
};

/** Appends the leaves [from, to) in the batches given; answers the size after each batch. */
const appendInBatches = async (store: TreeUnderTest, batches: readonly number[], from = 0): Promise<number[]> => {
  const sizes: number[] = [];
  let at = from;
  for (const n of batches) {
    await appendBatch(store, TREE_LEAVES.slice(at, at + n));
    at += n;
    sizes.push(at);
  }
  return sizes;
};

/** The root of the stored tree of `size` leaves, from its nodes. */
const rootFrom = (store: Pick<TreeStore, 'node'>, size: number): Hash => rangeHash({ start: 0, end: size }, store.node);

/** Everything a proof route reads of a tree, to compare two stores by. */
const readable = (store: TreeUnderTest) => {
  const state = store.state();
  return {
    size: state.size,
    lastPosition: state.lastPosition,
    root: state.size === 0 ? null : rootFrom(store, state.size).toString('hex'),
    leaves: Array.from({ length: state.size }, (_, i) => store.leaf(i)),
    checkpoints: [...store.checkpoints()],
  };
};

export const treeStoreContract = (engine: TreeStoreEngine): Mocha.Suite => describe(`tree store contract (${engine.name})`, function () {
  this.timeout(30_000);
  let tree: OpenedTree;
  let referenceDir: string;
  let reference: SqliteTreeStore;

  before(function () {
    if (engine.skip !== undefined) {
      // eslint-disable-next-line no-console
      console.log(`      skipped: ${engine.skip}`);
      this.skip();
    }
  });
  beforeEach(async () => {
    tree = await engine.open();
    referenceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tree-reference-'));
    reference = SqliteTreeStore.open(path.join(referenceDir, 'transparency.sqlite'));
  });
  afterEach(async () => {
    await tree?.close();
    await reference?.close();
    if (referenceDir !== undefined) fs.rmSync(referenceDir, { recursive: true, force: true });
  });

  it('given leaves appended in batches of uneven sizes, then at every size the root is RFC 9162\'s (the reference) and the SQLite store\'s, from its nodes and its compact range', async () => {
    // when
    const sizes = await appendInBatches(tree.writer, BATCHES);
    await appendInBatches(reference, BATCHES);
    // then
    for (const size of sizes) {
      const expected = rootOf(LEAVES.slice(0, size));
      expect(rootFrom(tree.writer, size).equals(expected), `the root of ${size} leaves`).to.equal(true);
      expect(rootFrom(reference, size).equals(expected), `the SQLite store's root of ${size} leaves`).to.equal(true);
    }
    const state = tree.writer.state();
    expect(state.size).to.equal(70);
    expect(state.lastPosition).to.deep.equal(positionOf(69));
    expect(Frontier.of(state.size, state.frontier).root().equals(rootOf(LEAVES))).to.equal(true);
    expect(readable(tree.writer)).to.deep.equal(readable(reference));
  });

  it('given a tree, then every inclusion proof verifies with sigstore\'s RFC 6962 verifier under a checkpoint the store read back, and every consistency proof with RFC 9162\'s steps', async () => {
    // given
    const { privateKey, publicKey } = ed25519();
    const authority = sigstoreAuthority(ORIGIN, publicKey);
    const sizes = await appendInBatches(tree.writer, BATCHES);
    for (const size of sizes) {
      await tree.writer.saveCheckpoint({ size, time: new Date(), note: signCheckpoint({ origin: ORIGIN, size, root: rootFrom(tree.writer, size), time: new Date() }, privateKey) });
    }
    // then
    for (const size of sizes) {
      const note = tree.writer.checkpointOf(size)?.note as string;
      for (let index = 0; index < size; index++) {
        const proof = inclusionProof(index, size, tree.writer.node) as Hash[];
        expect(() => sigstoreVerifyInclusion(authority, LEAVES[index], index, size, proof, note), `leaf ${index} of ${size}`).not.to.throw();
      }
    }
    for (let first = 1; first <= 70; first += 3) {
      for (const second of sizes.filter((s) => s >= first)) {
        const proof = consistencyProof(first, second, tree.writer.node) as Hash[];
        expect(verifyConsistency(first, second, rootOf(LEAVES.slice(0, first)), rootOf(LEAVES.slice(0, second)), proof), `${first} → ${second}`).to.equal(true);
      }
    }
  });

  it('given leaves, then each is read back by its index and found by its position (positions past 2^53 kept exactly), and none where there is no leaf', async () => {
    // given
    await appendInBatches(tree.writer, BATCHES);
    // then
    for (let i = 0; i < 70; i++) {
      expect(tree.writer.leaf(i), `leaf ${i}`).to.deep.equal(TREE_LEAVES[i]);
      expect(tree.writer.leafIndexOf(positionOf(i)), `the leaf at ${i}'s position`).to.equal(i);
    }
    expect(tree.writer.leaf(70)).to.equal(null);
    expect(tree.writer.leafIndexOf({ commit: positionOf(3).commit, prepare: positionOf(3).prepare + 1n })).to.equal(null);
    expect(tree.writer.leafIndexOf(positionOf(70))).to.equal(null);
  });

  it('given checkpoints signed, then they read back signed (the latest, by size, all oldest first), and a second one of a size does not replace the first', async () => {
    // given
    const { privateKey, publicKey } = ed25519();
    const key = verifierKey(ORIGIN, publicKey);
    await appendInBatches(tree.writer, BATCHES);
    const signed = [6, 19, 70].map((size, i) => {
      const time = new Date(Date.UTC(2026, 0, 1, 0, 0, i));
      return { size, time, note: signCheckpoint({ origin: ORIGIN, size, root: rootOf(LEAVES.slice(0, size)), time }, privateKey) };
    });
    expect(tree.writer.latestCheckpoint()).to.equal(null);
    // when
    for (const checkpoint of signed) expect(await tree.writer.saveCheckpoint(checkpoint), `the checkpoint of size ${checkpoint.size} is stored`).not.to.equal(false);
    const again = { size: 70, time: new Date(Date.UTC(2026, 0, 2)), note: signCheckpoint({ origin: ORIGIN, size: 70, root: rootOf(LEAVES), time: new Date(Date.UTC(2026, 0, 2)) }, privateKey) };
    expect(await tree.writer.saveCheckpoint(again)).to.equal(false);
    // then
    expect(tree.writer.latestCheckpoint()).to.deep.equal(signed[2]);
    expect(tree.writer.checkpointOf(19)).to.deep.equal(signed[1]);
    expect(tree.writer.checkpointOf(20)).to.equal(null);
    expect([...tree.writer.checkpoints()]).to.deep.equal(signed);
    for (const checkpoint of tree.writer.checkpoints()) {
      const opened = openCheckpoint(checkpoint.note, key);
      if (isCheckpointError(opened)) throw new Error(opened.message);
      expect(opened.size).to.equal(checkpoint.size);
      expect(opened.root.equals(rootFrom(tree.writer, checkpoint.size))).to.equal(true);
    }
  });

  it('given a reader in another process, then it sees the writer\'s tree and checkpoints as they are written', async () => {
    // given
    const { privateKey } = ed25519();
    const reader = await tree.beside({ following: true });
    // when
    await appendInBatches(tree.writer, BATCHES.slice(0, 5));
    await tree.writer.saveCheckpoint({ size: 19, time: new Date(), note: signCheckpoint({ origin: ORIGIN, size: 19, root: rootOf(LEAVES.slice(0, 19)), time: new Date() }, privateKey) });
    // then
    await eventually(() => reader.state().size === 19 && reader.latestCheckpoint() !== null, 'the reader holds 19 leaves and the checkpoint');
    expect(readable(reader)).to.deep.equal(readable(tree.writer));
    // when
    await appendInBatches(tree.writer, BATCHES.slice(5), 19);
    // then
    await eventually(() => reader.state().size === 70, 'the reader holds 70 leaves');
    expect(readable(reader)).to.deep.equal(readable(tree.writer));
    expect(rootFrom(reader, 70).equals(rootOf(LEAVES))).to.equal(true);
    for (const index of [0, 15, 16, 47, 69]) expect(inclusionProof(index, 70, reader.node)).to.deep.equal(inclusionProof(index, 70, tree.writer.node));
  });

  it('given a second writer behind the tree (another projectors process), then its batch fails and writes nothing, and it then holds the tree as written', async () => {
    // given
    const second = await tree.beside({ following: false });
    await appendInBatches(tree.writer, BATCHES.slice(0, 4));
    const written = readable(tree.writer);
    // when: its batch follows the empty tree it last saw
    const frontier = Frontier.empty();
    const leaves = TREE_LEAVES.slice(0, 3);
    const nodes = leaves.flatMap((l) => frontier.append(l.hash)).filter((n) => n.level >= LOWEST_STORED_LEVEL);
    let failure: unknown = null;
    try {
      await second.append(leaves, nodes, { size: 3, lastPosition: leaves[2].position, frontier: frontier.roots });
    } catch (e) {
      failure = e;
    }
    // then
    expect(failure, 'the second writer\'s batch fails').to.be.instanceOf(Error);
    expect(readable(tree.writer)).to.deep.equal(written);
    expect(readable(second)).to.deep.equal(written);
    // and the writer goes on
    await appendInBatches(tree.writer, BATCHES.slice(4), 11);
    expect(rootFrom(tree.writer, 70).equals(rootOf(LEAVES))).to.equal(true);
  });
});
