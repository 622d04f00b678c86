import { createHash } from 'node:crypto';

/**
 * RFC 9162 2.1.4.2, the verification of a consistency proof, transcribed step by step for the tests
 * (no npm package verifies RFC 9162 consistency proofs; sigstore's verifier does inclusion only).
 * Deliberately independent of the service's code: its own hashing, its own loop.
 */
const hashChildren = (left: Buffer, right: Buffer): Buffer =>
  createHash('sha256').update(Buffer.from([0x01])).update(left).update(right).digest();

export const verifyConsistency = (first: number, second: number, firstHash: Buffer, secondHash: Buffer, proof: readonly Buffer[]): boolean => {
  if (first === second) return proof.length === 0 && firstHash.equals(secondHash);
  // 1. If first is an exact power of 2, prepend first_hash to the consistency_path array.
  const path = (first & (first - 1)) === 0 ? [firstHash, ...proof] : [...proof];
  if (path.length === 0) return false;
  // 2. Set fn to first - 1 and sn to second - 1.
  let fn = first - 1;
  let sn = second - 1;
  // 3. If LSB(fn) is set, right-shift both fn and sn one time until LSB(fn) is not set.
  while (fn & 1) {
    fn >>= 1;
    sn >>= 1;
  }
  // 4. Set both fr and sr to the first value in the consistency_path array.
  let fr = path[0];
  let sr = path[0];
  // 5. For each subsequent value c in the consistency_path array:
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if ((fn & 1) || fn === sn) {
      fr = hashChildren(c, fr);
      sr = hashChildren(c, sr);
      if (!(fn & 1)) {
        while (!(fn & 1) && fn !== 0) {
          fn >>= 1;
          sn >>= 1;
        }
      }
    } else {
      sr = hashChildren(sr, c);
    }
    fn >>= 1;
    sn >>= 1;
  }
  // 6. fr must be first_hash, sr second_hash, and sn 0.
  return fr.equals(firstHash) && sr.equals(secondHash) && sn === 0;
};
