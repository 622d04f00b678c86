import { expect } from 'chai';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteTreeStore } from '@support/adapters';
import { StoredLeafHashes } from '@support/adapters/dist/transparency/stored-leaf-hashes';
import { Frontier, hashLeaf, LOWEST_STORED_LEVEL, TreeLeaf } from '@support/event-sourcing';
import { makeTempDir } from '../event-store/sqlite-engine';

/** The offline audit's threads read the stored leaves of a range of log positions (the tree's file has no index on positions). */
describe('transparency: the stored leaves of a range of positions', () => {
  /** A tree of 40 leaves at the even positions 10, 12, ..., 88 (a log whose positions are not the leaf indexes). */
  const treeFile = async (): Promise<{ file: string; remove: () => Promise<void> }> => {
    const temp = await makeTempDir();
    const file = join(temp.dir, 'transparency.sqlite');
    const store = SqliteTreeStore.open(file);
    const frontier = Frontier.empty();
    const leaves: TreeLeaf[] = Array.from({ length: 40 }, (_, i) => ({ position: { commit: BigInt(10 + 2 * i), prepare: BigInt(10 + 2 * i) }, hash: hashLeaf(Buffer.from(`leaf ${i}`)) }));
    const nodes = leaves.flatMap((leaf) => frontier.append(leaf.hash).filter((n) => n.level >= LOWEST_STORED_LEVEL));
    store.append(leaves, nodes, { size: frontier.size, lastPosition: leaves[leaves.length - 1].position, frontier: frontier.roots });
    await store.close();
    return { file, remove: temp.remove };
  };

  it('given leaves at positions that skip, then a range answers the leaves after its start up to its end, in order, at either end of the tree', async () => {
    const { file, remove } = await treeFile();
    const stored = new StoredLeafHashes(file);
    try {
      expect(stored.between(11, 16).map(([position]) => position)).to.deep.equal([12, 14, 16]);
      expect(stored.between(-1, 12).map(([position]) => position)).to.deep.equal([10, 12]);
      expect(stored.between(85, 1_000).map(([position]) => position)).to.deep.equal([86, 88]);
      expect(stored.between(88, 1_000)).to.deep.equal([]);
      const [[, hash]] = stored.between(11, 12);
      expect(hash.equals(hashLeaf(Buffer.from('leaf 1')))).to.equal(true);
    } finally {
      stored.close();
      await remove();
    }
  });

  it('given a leaf removed from the file, then a range still answers the leaves the file holds in it (the audit then names what differs)', async () => {
    const { file, remove } = await treeFile();
    const db = new Database(file);
    db.prepare('DELETE FROM leaves WHERE commit_position = 30').run();
    db.close();
    const stored = new StoredLeafHashes(file);
    try {
      expect(stored.between(25, 36).map(([position]) => position)).to.deep.equal([26, 28, 32, 34, 36]);
    } finally {
      stored.close();
      await remove();
    }
  });
});
