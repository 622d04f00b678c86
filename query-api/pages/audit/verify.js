// Proofs of the tamper-evident log, checked in the browser with Web Crypto (docs/events.md):
// an event's leaf is SHA-256(0x00 || RFC 8785 JSON of its record), a node SHA-256(0x01 || left || right)
// (RFC 9162 2.1.1); a checkpoint is a C2SP signed note, Ed25519. Pure: no DOM, no fetch.
import canonicalize from './canonicalize.js';

const utf8 = new TextEncoder();

export const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
export const toBase64 = (bytes) => btoa(String.fromCharCode(...bytes));
const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const equal = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

const sha256 = async (...parts) => {
  const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (joined.set(p, at), at + p.length), 0);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
};
const LEAF = Uint8Array.of(0);
const NODE = Uint8Array.of(1);
const ED25519 = 1;

/** The record of an event as the log hashes it: the line of GET /admin/events. */
export const eventRecord = (ticketId, e) => ({
  position: `${e.position.commit}/${e.position.prepare}`, streamName: `ticket-${ticketId}`, revision: String(e.revision),
  id: e.id, type: e.type, created: e.created, data: e.data, metadata: e.metadata,
});

export const leafHash = (record) => sha256(LEAF, utf8.encode(canonicalize(record)));

/** RFC 9162 2.1.3.2: the root an inclusion proof leads to from a leaf, or null when the path does not fit the tree. */
export const rootFromInclusion = async (index, size, leaf, path) => {
  if (!(index >= 0 && index < size)) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await sha256(NODE, p, r);
      if (fn % 2 === 0) while (fn % 2 === 0 && fn !== 0) { fn = Math.floor(fn / 2); sn = Math.floor(sn / 2); }
    } else {
      r = await sha256(NODE, r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
};

/**
 * Opens a signed checkpoint with the verifier key `<name>+<key id>+<base64(0x01 || key)>`:
 * `{ checkpoint: { origin, size, root, time } }` or `{ error }` saying what did not hold.
 */
export const openCheckpoint = async (note, verifierKey) => {
  const split = note.indexOf('\n\n');
  if (split < 0) return { error: 'the checkpoint is not a signed note (no empty line before its signature)' };
  const body = note.slice(0, split + 1);
  const [origin, size, root, timeLine, ...rest] = body.slice(0, -1).split('\n');
  if (!/^[0-9]+$/.test(size ?? '') || !/^[A-Za-z0-9+/]{43}=$/.test(root ?? '') || !timeLine?.startsWith('time ') || rest.length > 0) {
    return { error: 'the checkpoint\'s body is not <origin>, <size>, <root>, time <ISO 8601>' };
  }
  const [name, id, ...keyParts] = verifierKey.split('+');
  const raw = fromBase64(keyParts.join('+'));
  if (!name || !/^[0-9a-f]{8}$/.test(id ?? '') || raw.length !== 33 || raw[0] !== ED25519) return { error: 'the verifier key is not <name>+<key id>+<Ed25519 key>' };
  const expectedId = toHex((await sha256(utf8.encode(`${name}\n`), raw)).subarray(0, 4));
  if (expectedId !== id) return { error: `the verifier key's id ${id} is not its key's (${expectedId})` };
  if (!('subtle' in crypto)) return { error: 'this browser has no Web Crypto here (it needs HTTPS or localhost)' };
  let key;
  try {
    key = await crypto.subtle.importKey('raw', raw.subarray(1), { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return { error: 'this browser cannot verify Ed25519 signatures (Web Crypto has no Ed25519 here)' };
  }
  const lines = note.slice(split + 2).split('\n').filter((l) => l !== '');
  for (const line of lines) {
    const match = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const bytes = fromBase64(match[2]);
    if (bytes.length !== 68 || toHex(bytes.subarray(0, 4)) !== id) continue;
    if (await crypto.subtle.verify({ name: 'Ed25519' }, key, bytes.subarray(4), utf8.encode(body))) {
      return { checkpoint: { origin, size: Number(size), root: fromBase64(root), time: timeLine.slice('time '.length) } };
    }
  }
  return { error: `no signature of the key "${name}" (${id}) verifies this checkpoint` };
};

/**
 * One event against an opened checkpoint: `{ verified: true }` or `{ verified: false, reason }`.
 * `proof` is the event's entry of GET /admin/log/tickets/{ticketId}/inclusion.
 */
export const verifyInclusion = async (record, proof, checkpoint) => {
  const leaf = await leafHash(record);
  if (proof.leafHash !== undefined && proof.leafHash !== toBase64(leaf)) {
    return { verified: false, reason: 'the event as the API shows it does not hash to the log\'s leaf: it was changed' };
  }
  let path;
  try {
    path = proof.hashes.map(fromBase64);
  } catch {
    return { verified: false, reason: 'the proof holds a hash that is not base64' };
  }
  const root = await rootFromInclusion(proof.leafIndex, checkpoint.size, leaf, path);
  if (root === null) return { verified: false, reason: `the proof does not fit a tree of ${checkpoint.size} events` };
  if (!equal(root, checkpoint.root)) return { verified: false, reason: `its audit path does not lead to the signed root of checkpoint ${checkpoint.size}` };
  return { verified: true };
};
