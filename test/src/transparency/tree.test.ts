import { createHash, createPublicKey, KeyObject } from 'node:crypto';
import { expect } from 'chai';
import { consistencyProof, Frontier, Hash, hashLeaf, inclusionProof, isProofError, signCheckpoint } from '@support/event-sourcing';
import { ed25519, leavesOf, memoryNodes, RFC6962_LEAVES, rootOf, sigstoreAuthority, sigstoreVerifyInclusion } from './tree-fixtures';
import { verifyConsistency } from './rfc9162-consistency';

/** The roots of RFC 6962's test leaves, trees of 1 to 8 leaves (certificate-transparency's test vectors). */
const RFC6962_ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

const ORIGIN = 'support.example/log';

const authorityOf = (publicKey: KeyObject) => sigstoreAuthority(ORIGIN, publicKey);

describe('transparency: the Merkle tree of RFC 9162 over the log', () => {
  it('given RFC 6962\'s test leaves, then each tree\'s root is the published one, and the empty tree\'s is SHA-256 of nothing', () => {
    const frontier = Frontier.empty();
    expect(frontier.root().toString('hex')).to.equal(createHash('sha256').digest('hex'));
    const roots = RFC6962_LEAVES.map((leaf) => {
      frontier.append(hashLeaf(leaf));
      return frontier.root().toString('hex');
    });
    expect(roots).to.deep.equal(RFC6962_ROOTS);
  });

  it('given leaves appended one by one, then the frontier keeps one node per set bit of the size and names each completed node', () => {
    const frontier = Frontier.empty();
    const completed = leavesOf(8).flatMap((leaf) => frontier.append(hashLeaf(leaf)).map(({ level, index }) => `${level}/${index}`));
    expect(completed).to.deep.equal(['1/0', '1/1', '2/0', '1/2', '1/3', '2/1', '3/0']);
    frontier.append(hashLeaf(Buffer.from('leaf 8')));
    expect(frontier.roots.map(({ level, index }) => `${level}/${index}`)).to.deep.equal(['3/0', '0/8']);
  });

  it('given every tree of 1 to 40 leaves, then the inclusion proof of every leaf verifies with sigstore\'s RFC 6962 verifier, under a checkpoint it checks the signature of', () => {
    const { privateKey, publicKey } = ed25519();
    const authority = authorityOf(publicKey);
    for (let size = 1; size <= 40; size++) {
      const leaves = leavesOf(size);
      const note = signCheckpoint({ origin: ORIGIN, size, root: rootOf(leaves), time: new Date() }, privateKey);
      for (let index = 0; index < size; index++) {
        const proof = inclusionProof(index, size, memoryNodes(leaves)) as Hash[];
        expect(() => sigstoreVerifyInclusion(authority, leaves[index], index, size, proof, note), `leaf ${index} of ${size}`).not.to.throw();
      }
    }
  });

  it('given a proof of another leaf, or a checkpoint signed by another key, then sigstore\'s verifier refuses it (the check can fail)', () => {
    const { privateKey, publicKey } = ed25519();
    const leaves = leavesOf(13);
    const note = signCheckpoint({ origin: ORIGIN, size: 13, root: rootOf(leaves), time: new Date() }, privateKey);
    const proof = (index: number) => inclusionProof(index, 13, memoryNodes(leaves)) as Hash[];
    expect(() => sigstoreVerifyInclusion(authorityOf(publicKey), leaves[5], 5, 13, proof(4), note)).to.throw(/root hash does not match/);
    const other = signCheckpoint({ origin: ORIGIN, size: 13, root: rootOf(leaves), time: new Date() }, ed25519().privateKey);
    expect(() => sigstoreVerifyInclusion(authorityOf(publicKey), leaves[5], 5, 13, proof(5), other)).to.throw(/signature/);
    expect(createPublicKey(privateKey).equals(publicKey)).to.equal(true);
  });

  it('given every pair of sizes up to 40, then the consistency proof verifies with RFC 9162 2.1.4.2, and fails against a changed older tree', () => {
    for (let second = 1; second <= 40; second++) {
      const leaves = leavesOf(second);
      for (let first = 1; first <= second; first++) {
        const proof = consistencyProof(first, second, memoryNodes(leaves)) as Hash[];
        expect(verifyConsistency(first, second, rootOf(leaves.slice(0, first)), rootOf(leaves), proof), `${first} → ${second}`).to.equal(true);
        if (first < second) {
          const forged = [...leaves.slice(0, first - 1), Buffer.from('forged')];
          expect(verifyConsistency(first, second, rootOf(forged), rootOf(leaves), proof), `forged ${first} → ${second}`).to.equal(false);
        }
      }
    }
  });

  it('given a leaf or sizes outside the tree, then the proof is an error value that says why', () => {
    const nodes = memoryNodes(leavesOf(4));
    const outside = inclusionProof(4, 4, nodes);
    expect(isProofError(outside) && outside.message).to.equal('leaf 4 is not in a tree of 4 leaves');
    expect(isProofError(consistencyProof(5, 4, nodes))).to.equal(true);
    expect(isProofError(consistencyProof(0, 4, nodes))).to.equal(true);
  });
});
