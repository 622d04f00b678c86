import { createHash, hash } from 'node:crypto';

/** RFC 9162 2.1.1: a leaf's hash is SHA-256(0x00 || leaf), an interior node's SHA-256(0x01 || left || right). */
const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

export type Hash = Buffer;

export const hashLeaf = (leaf: Uint8Array): Hash => createHash('sha256').update(LEAF_PREFIX).update(leaf).digest();

/** hashLeaf of a leaf given as text (its UTF-8 bytes), in one call: no buffer of the text and no hash object. */
export const hashLeafText = (leaf: string): Hash => hash('sha256', `\u0000${leaf}`, 'buffer');

/** 0x01 || left || right, written in place for each node (one call to hash, no hash object). */
const nodeInput = Buffer.alloc(65, NODE_PREFIX);

export const hashChildren = (left: Hash, right: Hash): Hash => {
  nodeInput.set(left, 1);
  nodeInput.set(right, 33);
  return hash('sha256', nodeInput, 'buffer');
};

/** The root of the empty tree: SHA-256 of the empty string. */
export const EMPTY_ROOT: Hash = createHash('sha256').digest();
