import { createHash, hash } from 'node:crypto';

/** RFC 9162 2.1.1: a leaf's hash is SHA-256(0x00 || leaf), an interior node's SHA-256(0x01 || left || right). */
const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

export type Hash = Buffer;

/** The digest of a binary (latin1) text, as a Buffer from Node's shared pool. */
export const hashOfText = (binary: string): Hash => Buffer.from(binary, 'binary');

/**
 * SHA-256 of the input as a Buffer taken from Node's shared pool: crypto.hash's binary (latin1) text of the
 * digest read back into a Buffer costs far less than its own Buffer output, which gives every digest
 * a backing store of its own (to allocate, and for the collector to track and free).
 */
const sha256 = (input: string | Uint8Array): Hash => hashOfText(hash('sha256', input, 'binary'));

export const hashLeaf = (leaf: Uint8Array): Hash => createHash('sha256').update(LEAF_PREFIX).update(leaf).digest();

/** hashLeafText's digest as binary (latin1) text: 32 characters of one byte each. */
export const hashLeafTextBinary = (leaf: string): string => hash('sha256', `\u0000${leaf}`, 'binary');

/** hashLeaf of a leaf given as text (its UTF-8 bytes), in one call: no buffer of the text and no hash object. */
export const hashLeafText = (leaf: string): Hash => hashOfText(hashLeafTextBinary(leaf));

/** 0x01 || left || right, written in place for each node (one call to hash, no hash object). */
const nodeInput = Buffer.alloc(65, NODE_PREFIX);

export const hashChildren = (left: Hash, right: Hash): Hash => {
  nodeInput.set(left, 1);
  nodeInput.set(right, 33);
  return sha256(nodeInput);
};

/** The root of the empty tree: SHA-256 of the empty string. */
export const EMPTY_ROOT: Hash = createHash('sha256').digest();
