import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import { EventStore, Position, positionToString, RecordedEvent, ticketStream, webhookAccountOf } from '@support/domain';
import {
  consistencyProof, Hash, inclusionProof, isCheckpointError, isProofError, openCheckpoint, StoredCheckpoint, TreeStore,
} from '@support/event-sourcing';
import { AdminScope } from '../admin-access';
import { ConsistencyQuery, InclusionQuery } from './log-query';

/** The tree beside the log, as the proof routes read it. */
export interface LogTransparency {
  readonly store: TreeStore;
  /** The signed-note verifier key of the checkpoints (public): `<origin>+<key id>+<key>`. */
  readonly verifierKey: string;
}

export interface LogProofDeps {
  readonly eventStore: EventStore;
  readonly transparency: LogTransparency;
}

type Answer = E.Either<HttpProblem, HttpAnswer>;

const base64 = (hashes: readonly Hash[]): string[] => hashes.map((h) => h.toString('base64'));
const NO_CHECKPOINT = () => problem(404, 'The log has no checkpoint yet: one is signed a few seconds after the first event. Retry shortly.', {}, { 'Retry-After': '5' });

/** The latest checkpoint, opened (its signature checked) for its root. */
const latest = (t: LogTransparency): { stored: StoredCheckpoint; root: Hash } | null => {
  const stored = t.store.latestCheckpoint();
  if (stored === null) return null;
  const opened = openCheckpoint(stored.note, t.verifierKey);
  if (isCheckpointError(opened)) throw new Error(`the stored checkpoint of size ${stored.size} does not open with the log's key: ${opened.kind}`);
  return { stored, root: opened.root };
};

/** GET /admin/log/checkpoint: the latest signed tree head, as the signed note and its fields. */
export const latestCheckpoint = (deps: LogProofDeps): Answer => {
  const head = latest(deps.transparency);
  if (head === null) return E.left(NO_CHECKPOINT());
  return ok({
    size: head.stored.size, rootHash: head.root.toString('base64'), time: head.stored.time.toISOString(),
    checkpoint: head.stored.note, verifierKey: deps.transparency.verifierKey,
  });
};

/** The tree size a proof is made for: the one asked (within the tree), else the latest checkpoint's; with the note of the checkpoint signed at it, when one was. */
const treeSize = (t: LogTransparency, asked: number | undefined): E.Either<HttpProblem, { size: number; checkpoint?: string }> => {
  const head = t.store.latestCheckpoint();
  if (asked === undefined) return head === null ? E.left(NO_CHECKPOINT()) : E.right({ size: head.size, checkpoint: head.note });
  const size = t.store.state().size;
  if (asked > size) return E.left(problem(400, `size ${asked} is larger than the tree (${size} events): ask for the size of a checkpoint you hold`));
  // The note of that size: the checkpoint you hold names it, whether or not a newer one was signed since.
  const signed = head?.size === asked ? head : t.store.checkpointOf(asked);
  return E.right({ size: asked, ...(signed !== null ? { checkpoint: signed.note } : {}) });
};

/** The event of a leaf, read from the log (the leaf before it names where to start). */
const eventAt = async (deps: LogProofDeps, index: number): Promise<RecordedEvent | null> => {
  const before = index === 0 ? null : deps.transparency.store.leaf(index - 1)?.position ?? null;
  const subscription = deps.eventStore.subscribeToAll({ fromPosition: before ?? 'start', asStored: true });
  try {
    for await (const event of subscription) return event;
    return null;
  } finally {
    await subscription.unsubscribe();
  }
};

const proofOf = (t: LogTransparency, index: number, size: number, position: Position) => {
  const hashes = inclusionProof(index, size, t.store.node);
  if (isProofError(hashes)) return null;
  return { position: positionToString(position), leafIndex: index, leafHash: t.store.leaf(index)?.hash.toString('base64'), hashes: base64(hashes) };
};

/** GET /admin/log/inclusion: the inclusion proof of the event at a position (an account admin: its own account's events only). */
export const inclusionByPosition = async (deps: LogProofDeps, scope: AdminScope, query: InclusionQuery): Promise<Answer> => {
  const shown = positionToString(query.position);
  const notFound = problem(404, `No event at position ${shown} is in the tree: give a position as the feed prints it (the tree follows the log within a second)`);
  const index = deps.transparency.store.leafIndexOf(query.position);
  if (index === null) return E.left(notFound);
  if (scope.kind === 'account') {
    const event = await eventAt(deps, index);
    if (event === null || webhookAccountOf(event) !== scope.accountId) return E.left(notFound);
  }
  const size = treeSize(deps.transparency, query.size);
  if (E.isLeft(size)) return size;
  const proof = proofOf(deps.transparency, index, size.right.size, query.position);
  if (proof === null) return E.left(problem(404, `The event at ${shown} (leaf ${index}) is not in the tree of size ${size.right.size}: retry after the next checkpoint`, {}, { 'Retry-After': '5' }));
  return ok({ ...proof, treeSize: size.right.size, ...(size.right.checkpoint !== undefined ? { checkpoint: size.right.checkpoint } : {}) });
};

/** GET /admin/log/tickets/{ticketId}/inclusion: a proof for each event of the ticket's stream in the tree; later ones are `pending`. */
export const ticketInclusion = async (deps: LogProofDeps, scope: AdminScope, ticketId: string, asked: number | undefined): Promise<Answer> => {
  const size = treeSize(deps.transparency, asked);
  if (E.isLeft(size)) return size;
  const proofs = [];
  const pending: string[] = [];
  for await (const e of deps.eventStore.readStream(ticketStream(ticketId), { asStored: true })) {
    if (proofs.length === 0 && pending.length === 0 && scope.kind === 'account' && webhookAccountOf(e) !== scope.accountId) break;
    const index = deps.transparency.store.leafIndexOf(e.position);
    const proof = index === null ? null : proofOf(deps.transparency, index, size.right.size, e.position);
    if (proof === null) pending.push(positionToString(e.position));
    else proofs.push({ ...proof, streamName: e.streamName, revision: e.revision.toString(), type: e.type });
  }
  if (proofs.length === 0 && pending.length === 0) return E.left(problem(404, 'Ticket not found'));
  return ok({ ticketId, treeSize: size.right.size, ...(size.right.checkpoint !== undefined ? { checkpoint: size.right.checkpoint } : {}), events: proofs, pending });
};

/** GET /admin/log/consistency: the proof that the tree of `from` events is a prefix of the tree of `to`. */
export const consistency = (deps: LogProofDeps, query: ConsistencyQuery): Answer => {
  const size = treeSize(deps.transparency, query.to);
  if (E.isLeft(size)) return size;
  const hashes = consistencyProof(query.from, size.right.size, deps.transparency.store.node);
  if (isProofError(hashes)) return E.left(problem(400, `from (${query.from}) must be at most to (${size.right.size}): give the older checkpoint's size as from`));
  return ok({ from: query.from, to: size.right.size, hashes: base64(hashes), ...(size.right.checkpoint !== undefined ? { checkpoint: size.right.checkpoint } : {}) });
};
