import { createPublicKey } from 'node:crypto';
import canonicalize from 'canonicalize';
import { OPERATOR_TOKEN } from '../audit/audit-service';
import { eventually } from '../support/eventually';
import { TestService } from '../support/test-service';
import { sigstoreAuthority, sigstoreVerifyInclusion } from './tree-fixtures';

/** A signed checkpoint as GET /admin/log/checkpoint answers it. */
export interface CheckpointAnswer {
  readonly size: number;
  readonly rootHash: string;
  readonly checkpoint: string;
  readonly verifierKey: string;
}

/** The root hash a checkpoint's note signs (its third line). */
export const checkpointRoot = (checkpoint: string): Buffer => Buffer.from(checkpoint.split('\n')[2]!, 'base64');

/** The latest checkpoint, once it holds at least `size` events (read with the operator token). */
export const checkpointOfAtLeast = async (svc: Pick<TestService, 'api'>, size: number, timeoutMs?: number): Promise<CheckpointAnswer> => {
  let body: any;
  await eventually(async () => {
    const res = await svc.api('GET', '/admin/log/checkpoint', { token: OPERATOR_TOKEN });
    body = res.body;
    return res.status === 200 && body.size >= size;
  }, `a checkpoint of at least ${size} events`, timeoutMs);
  return body as CheckpointAnswer;
};

/** sigstore's verifier over what the API answers: the leaf an auditor computes from a feed line, the proof, the checkpoint and the verifier key. */
export const verifyWithSigstore = (line: unknown, proof: { leafIndex: number; hashes: string[] }, treeSize: number, checkpoint: string, verifierKey: string): void => {
  // The name and key id hold no "+"; the base64 key may.
  const [name, , ...keyParts] = verifierKey.split('+');
  const raw = Buffer.from(keyParts.join('+'), 'base64');
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.subarray(1).toString('base64url') }, format: 'jwk' });
  const leaf = Buffer.from(canonicalize(line) as string, 'utf8');
  sigstoreVerifyInclusion(sigstoreAuthority(name!, publicKey), leaf, proof.leafIndex, treeSize, proof.hashes.map((h) => Buffer.from(h, 'base64')), checkpoint);
};
