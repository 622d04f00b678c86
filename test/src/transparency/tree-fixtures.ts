import { createHash, generateKeyPairSync, KeyObject } from 'node:crypto';
import { verifyTLogInclusion } from '@sigstore/verify/dist/tlog';
import canonicalize from 'canonicalize';
import { comparePositions, EventStore, RecordedEvent } from '@support/domain';
import { eventRecord, Frontier, Hash, hashLeaf, NodeSource } from '@support/event-sourcing';

/** RFC 6962's test leaves (certificate-transparency's reference implementations use the same). */
export const RFC6962_LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f']
  .map((hex) => Buffer.from(hex, 'hex'));

export const leavesOf = (count: number): Buffer[] => Array.from({ length: count }, (_, i) => Buffer.from(`leaf ${i}`));

/** The nodes of a tree held in memory: each perfect node is the root of its leaves' own tree. */
export const memoryNodes = (leaves: readonly Buffer[]): NodeSource => ({ level, index }) => {
  const frontier = Frontier.empty();
  leaves.slice(index << level, (index + 1) << level).forEach((leaf) => frontier.append(hashLeaf(leaf)));
  return frontier.root();
};

export const rootOf = (leaves: readonly Buffer[]): Hash => {
  const frontier = Frontier.empty();
  leaves.forEach((leaf) => frontier.append(hashLeaf(leaf)));
  return frontier.root();
};

export const ed25519 = () => generateKeyPairSync('ed25519');

/** What sigstore's verifier asks of a log: its key, an id whose first 4 bytes are the C2SP key id (computed here from the spec), its name in its URL. */
export const sigstoreAuthority = (origin: string, publicKey: KeyObject) => {
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  const id = createHash('sha256').update(`${origin}\n`).update(Buffer.from([0x01])).update(raw).digest();
  return { logID: id, publicKey, baseURL: `https://${origin}`, validFor: { start: new Date(0), end: new Date(8.64e15) } };
};

/** sigstore's RFC 6962 check that `leaf` is leaf `index` of the tree of `size` under the signed checkpoint; throws when it is not. */
export const sigstoreVerifyInclusion = (
  authority: ReturnType<typeof sigstoreAuthority>, leaf: Buffer, index: number, size: number, hashes: readonly Buffer[], checkpoint: string,
): void => {
  const entry = {
    canonicalizedBody: leaf,
    inclusionProof: { logIndex: String(index), treeSize: String(size), rootHash: Buffer.alloc(32), hashes, checkpoint: { envelope: checkpoint } },
  };
  verifyTLogInclusion(entry as never, [authority] as never);
};

/** The leaf of an event as an auditor computes it from the feed's JSON line: canonicalize (RFC 8785), UTF-8. */
export const auditorLeaf = (e: RecordedEvent): Buffer => Buffer.from(canonicalize(JSON.parse(JSON.stringify(eventRecord(e)))) as string, 'utf8');

/** The whole log up to its head, through the port (what the follower reads). */
export const readAll = async (store: EventStore): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  const head = await store.headPosition();
  if (head === null) return events;
  const subscription = store.subscribeToAll({ fromPosition: 'start' });
  for await (const event of subscription) {
    events.push(event);
    if (comparePositions(event.position, head) >= 0) break;
  }
  await subscription.unsubscribe();
  return events;
};
