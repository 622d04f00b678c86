import { Position, positionToString, RecordedEvent } from '@support/domain';
import { Checkpoint } from './checkpoint';
import { Frontier } from './frontier';
import { Hash, hashLeaf } from './hashing';
import { eventRecord, leafBytes } from './leaf';
import { TreeLeaf } from './tree-store';

/** How far around a changed event the audit looks for the leaf it was signed as (a moved event). */
const REORDER_WINDOW = 1_024;

export interface AuditInput {
  /** The log, in order. */
  readonly events: Iterable<RecordedEvent>;
  /** The tree's stored leaves, in order: they name an event once the signed checkpoints vouch for them. */
  readonly leaves: Iterable<TreeLeaf>;
  /** A stored leaf by index (for a moved event), null past the end. */
  readonly leafAt: (index: number) => TreeLeaf | null;
  /** Checkpoints whose signatures were checked, by size ascending. */
  readonly checkpoints: readonly Checkpoint[];
}

interface Named {
  readonly position: string;
  readonly streamName: string;
  readonly revision: string;
}

export type AuditFinding =
  /** The event at this position is not the one signed there. */
  | ({ readonly kind: 'altered' } & Named)
  /** The event at this position was signed at `signedAt`. */
  | ({ readonly kind: 'reordered'; readonly signedAt: string } & Named)
  /** The log has an event here that the signed log did not (the next signed position is `expected`). */
  | ({ readonly kind: 'inserted'; readonly expected: string } & Named)
  /** The signed event at this position is gone (its stream found by the caller, from the gap it left). */
  | { readonly kind: 'missing'; readonly position: string }
  /** The log ends at `size` events; the checkpoint signed more. */
  | { readonly kind: 'truncated'; readonly size: number; readonly position: string | null; readonly checkpoint: Checkpoint }
  /** The log differs from a checkpoint, and the stored leaves do not match it either: the event cannot be named. */
  | { readonly kind: 'unnamed'; readonly checkpoint: Checkpoint };

export type AuditVerdict =
  | { readonly verified: true; readonly events: number; readonly checkpoint: Checkpoint | null }
  | { readonly verified: false; readonly finding: AuditFinding; readonly checkpoint: Checkpoint | null };

const named = (e: RecordedEvent): Named => ({ position: positionToString(e.position), streamName: e.streamName, revision: e.revision.toString() });

const leafOf = (e: RecordedEvent, position: Position = e.position): Hash => hashLeaf(leafBytes(eventRecord({ ...e, position })));

/** What differs at the first leaf where the log and the stored tree part. */
const classify = (event: RecordedEvent | undefined, leaf: TreeLeaf, index: number, leafAt: AuditInput['leafAt']): AuditFinding => {
  const position = positionToString(leaf.position);
  if (event === undefined) return { kind: 'missing', position };
  const at = event.position;
  if (at.commit > leaf.position.commit || (at.commit === leaf.position.commit && at.prepare > leaf.position.prepare)) return { kind: 'missing', position };
  if (at.commit < leaf.position.commit || at.prepare < leaf.position.prepare) return { kind: 'inserted', ...named(event), expected: position };
  for (let k = Math.max(0, index - REORDER_WINDOW); k < index + REORDER_WINDOW; k++) {
    const other = k === index ? null : leafAt(k);
    if (other !== null && leafOf(event, other.position).equals(other.hash)) return { kind: 'reordered', ...named(event), signedAt: positionToString(other.position) };
  }
  return { kind: 'altered', ...named(event) };
};

/**
 * Recomputes every leaf and the tree of the log, and checks it against each signed checkpoint.
 * Where the log differs from a checkpoint, the stored leaves (when they match the checkpoints, so
 * they are what was signed) name the first event that differs. Reads each input once, in order:
 * memory does not grow with the log.
 */
export const auditLog = (input: AuditInput): AuditVerdict => {
  const events = input.events[Symbol.iterator]();
  const leaves = input.leaves[Symbol.iterator]();
  try {
    return audit(input, events, leaves);
  } finally {
    // An audit that stops early ends its readers (their statements are released).
    events.return?.();
    leaves.return?.();
  }
};

const audit = (input: AuditInput, events: Iterator<RecordedEvent>, leaves: Iterator<TreeLeaf>): AuditVerdict => {
  const logTree = Frontier.empty();
  const storedTree = Frontier.empty();
  let firstDifference: AuditFinding | null = null;
  let storedDiffersFromSigned = false;
  let passed: Checkpoint | null = null;
  let next = 0;
  const checkpointAt = (size: number): AuditFinding | null => {
    for (; next < input.checkpoints.length && input.checkpoints[next].size === size; next++) {
      const checkpoint = input.checkpoints[next];
      if (!storedTree.root().equals(checkpoint.root)) storedDiffersFromSigned = true;
      if (!logTree.root().equals(checkpoint.root)) {
        return storedDiffersFromSigned || firstDifference === null ? { kind: 'unnamed', checkpoint } : firstDifference;
      }
      passed = checkpoint;
    }
    return null;
  };
  for (let index = 0; ; index++) {
    const event = events.next();
    const leaf = leaves.next();
    if (event.done) {
      if (next < input.checkpoints.length) {
        const checkpoint = input.checkpoints[next];
        const finding: AuditFinding = firstDifference
          ?? { kind: 'truncated', size: index, position: leaf.done ? null : positionToString(leaf.value.position), checkpoint };
        return { verified: false, finding, checkpoint: passed };
      }
      if (firstDifference !== null) return { verified: false, finding: firstDifference, checkpoint: passed };
      return { verified: true, events: index, checkpoint: passed };
    }
    const hash = leafOf(event.value);
    logTree.append(hash);
    if (!leaf.done) storedTree.append(leaf.value.hash);
    if (firstDifference === null && !leaf.done && !leaf.value.hash.equals(hash)) firstDifference = classify(event.value, leaf.value, index, input.leafAt);
    const failed = checkpointAt(index + 1);
    if (failed !== null) return { verified: false, finding: failed, checkpoint: passed };
  }
};
