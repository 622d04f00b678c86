import { createHash, createPublicKey, KeyObject, sign, verify } from 'node:crypto';
import { Hash } from './hashing';

/**
 * C2SP checkpoints (tlog-checkpoint) in C2SP signed notes (signed-note), Ed25519:
 *
 *     <origin>\n<size>\n<root, base64>\ntime <ISO 8601>\n     the body, what is signed
 *     \n
 *     — <key name> <base64(key id[4] || signature[64])>\n
 *
 * The key id is the first 4 bytes of SHA-256(key name || "\n" || 0x01 || public key); the
 * verifier key an auditor is given is `<key name>+<key id, hex>+<base64(0x01 || public key)>`.
 * The time is an extension line of the body, so it is signed with the size and root.
 */
export interface Checkpoint {
  readonly origin: string;
  readonly size: number;
  readonly root: Hash;
  readonly time: Date;
}

const ED25519 = 0x01;
const SIGNATURE_LINE = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/;

const rawPublicKey = (key: KeyObject): Buffer => Buffer.from(key.export({ format: 'jwk' }).x as string, 'base64url');

export const keyId = (name: string, publicKey: KeyObject): Buffer =>
  createHash('sha256').update(name, 'utf8').update('\n').update(Buffer.from([ED25519])).update(rawPublicKey(publicKey)).digest().subarray(0, 4);

/** The verifier key of signed-note: what an auditor keeps to check checkpoints. */
export const verifierKey = (name: string, publicKey: KeyObject): string =>
  `${name}+${keyId(name, publicKey).toString('hex')}+${Buffer.concat([Buffer.from([ED25519]), rawPublicKey(publicKey)]).toString('base64')}`;

export const checkpointBody = (c: Checkpoint): string =>
  `${c.origin}\n${c.size}\n${c.root.toString('base64')}\ntime ${c.time.toISOString()}\n`;

/** The signed note of a checkpoint, signed by `privateKey` under the key name `origin`. */
export const signCheckpoint = (c: Checkpoint, privateKey: KeyObject): string => {
  const body = checkpointBody(c);
  const signature = sign(null, Buffer.from(body, 'utf8'), privateKey);
  const publicKey = createPublicKey(privateKey);
  return `${body}\n\u2014 ${c.origin} ${Buffer.concat([keyId(c.origin, publicKey), signature]).toString('base64')}\n`;
};

export type CheckpointError = { readonly kind: 'MalformedCheckpoint' | 'BadCheckpointSignature'; readonly message: string };

/** Parses a signed checkpoint and checks its signature by the verifier key; errors as values. */
export const openCheckpoint = (note: string, verifier: string): Checkpoint | CheckpointError => {
  const malformed = (message: string): CheckpointError => ({ kind: 'MalformedCheckpoint', message });
  const split = note.indexOf('\n\n');
  if (split < 0) return malformed('a signed note has its body, an empty line, then signature lines');
  const body = note.slice(0, split + 1);
  const [origin, size, root, timeLine, ...rest] = body.slice(0, -1).split('\n');
  if (!/^[0-9]+$/.test(size ?? '') || !/^[A-Za-z0-9+/]{43}=$/.test(root ?? '') || !timeLine?.startsWith('time ') || rest.length > 0) {
    return malformed('the body is <origin>, <size>, <root hash in base64>, time <ISO 8601>, one a line');
  }
  const time = new Date(timeLine.slice('time '.length));
  if (Number.isNaN(time.getTime())) return malformed(`the time line "${timeLine}" holds no ISO 8601 time`);
  // The name holds no "+", the key id neither; the base64 key may.
  const [name, id, ...keyParts] = verifier.split('+');
  const key = keyParts.join('+');
  const raw = Buffer.from(key ?? '', 'base64');
  if (!name || !/^[0-9a-f]{8}$/.test(id ?? '') || raw.length !== 33 || raw[0] !== ED25519) {
    return malformed('the verifier key is <name>+<key id, 8 hex digits>+<base64 of 0x01 and the 32-byte Ed25519 key>');
  }
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.subarray(1).toString('base64url') }, format: 'jwk' });
  const signed = note.slice(split + 2).split('\n').filter((line) => line !== '').some((line) => {
    const match = SIGNATURE_LINE.exec(line);
    if (!match || match[1] !== name) return false;
    const bytes = Buffer.from(match[2], 'base64');
    return bytes.length === 68 && bytes.subarray(0, 4).toString('hex') === id && verify(null, Buffer.from(body, 'utf8'), publicKey, bytes.subarray(4));
  });
  if (!signed) return { kind: 'BadCheckpointSignature', message: `no signature of the key "${name}" (${id}) verifies this checkpoint` };
  return { origin, size: Number(size), root: Buffer.from(root, 'base64'), time };
};

export const isCheckpointError = (value: Checkpoint | CheckpointError): value is CheckpointError => 'kind' in value;
