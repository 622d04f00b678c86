import { Position, positionToString, RecordedEvent } from '@support/domain';
import { Checkpoint } from './checkpoint';
import { Frontier } from './frontier';
import { Hash } from './hashing';
import { eventLeafHash } from './leaf';
import { TreeLeaf } from './tree-store';

/** How far around a changed event the audit looks for the leaf it was signed as (a moved event). */
const REORDER_WINDOW = 1_024;

/** One event of the log as the audit takes it: its position and the leaf hash recomputed from it. */
export interface LogLeaf {
  readonly position: Position;
  readonly hash: Hash;
}

/**
 * A chunk of the log's leaves, in order. `matchesStored`: whoever hashed it compared each leaf with
 * the stored leaf of its position, and the stored leaves of the chunk's positions are exactly these:
 * the audit then takes them without reading the stored leaves again.
 */
export type LogLeafChunk = readonly LogLeaf[] & { readonly matchesStored?: boolean };

export interface AuditInput {
  /** The log's leaves recomputed from its events, in order, a chunk at a time (they may be hashed by other threads). */
  readonly events: AsyncIterable<LogLeafChunk>;
  /** The event of the log at this position (to name the one that differs). */
  readonly eventAt: (position: Position) => RecordedEvent | null;
  /** The tree's stored leaves in order from an index: they name an event once the signed checkpoints vouch for them. */
  readonly leavesFrom: (index: number) => Iterable<TreeLeaf>;
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

/** What differs at the first leaf where the log and the stored tree part. */
const classify = (logLeaf: LogLeaf, leaf: TreeLeaf, index: number, input: AuditInput): AuditFinding => {
  const position = positionToString(leaf.position);
  const at = logLeaf.position;
  if (at.commit > leaf.position.commit || (at.commit === leaf.position.commit && at.prepare > leaf.position.prepare)) return { kind: 'missing', position };
  const event = input.eventAt(at);
  if (event === null) throw new Error(`the log has no event at ${positionToString(at)} any more: it changed while it was audited`);
  if (at.commit < leaf.position.commit || at.prepare < leaf.position.prepare) return { kind: 'inserted', ...named(event), expected: position };
  for (let k = Math.max(0, index - REORDER_WINDOW); k < index + REORDER_WINDOW; k++) {
    const other = k === index ? null : input.leafAt(k);
    if (other !== null && eventLeafHash({ ...event, position: other.position }).equals(other.hash)) {
      return { kind: 'reordered', ...named(event), signedAt: positionToString(other.position) };
    }
  }
  return { kind: 'altered', ...named(event) };
};

/**
 * Recomputes the tree of the log from its leaves, and checks it against each signed checkpoint.
 * Where the log differs from a checkpoint, the stored leaves (when they match the checkpoints, so
 * they are what was signed) name the first event that differs. Reads each input once, in order:
 * memory does not grow with the log.
 */
export const auditLog = async (input: AuditInput): Promise<AuditVerdict> => {
  const audit = new Audit(input);
  try {
    for await (const chunk of input.events) {
      const verdict = audit.takeChunk(chunk);
      if (verdict !== null) return verdict;
    }
    return audit.end();
  } finally {
    audit.close();
  }
};

/** The audit's state between two leaves of the log. */
class Audit {
  private readonly logTree = Frontier.empty();
  /**
   * The tree of the stored leaves: the log's own tree while every stored leaf is the recomputed one
   * (null until then: it would hash the same nodes again), its own from the first difference (or
   * the last stored leaf) on.
   */
  private storedTree: Frontier | null = null;
  private firstDifference: AuditFinding | null = null;
  private storedDiffersFromSigned = false;
  private passed: Checkpoint | null = null;
  private next = 0;
  private index = 0;
  /** The reader of the stored leaves, and the index of the leaf it gives next. */
  private stored: { readonly leaves: Iterator<TreeLeaf>; at: number } | null = null;

  constructor(private readonly input: AuditInput) {}

  /** The stored leaf at this index (a reader opened there when the last one is elsewhere: after chunks taken without it). */
  private storedLeaf(index: number): IteratorResult<TreeLeaf> {
    if (this.stored === null || this.stored.at !== index) {
      this.close();
      this.stored = { leaves: this.input.leavesFrom(index)[Symbol.iterator](), at: index };
    }
    this.stored.at += 1;
    return this.stored.leaves.next();
  }

  /** Ends the reader of the stored leaves (its statement is released). */
  close(): void {
    this.stored?.leaves.return?.();
    this.stored = null;
  }

  /** The next chunk of the log; a verdict when it fails the audit. */
  takeChunk(chunk: LogLeafChunk): AuditVerdict | null {
    // While every leaf so far was the stored one, a chunk vouched for by its hasher needs no stored leaf.
    const vouched = chunk.matchesStored === true && this.storedTree === null;
    for (const logLeaf of chunk) {
      const verdict = vouched ? this.grow(logLeaf) : this.take(logLeaf);
      if (verdict !== null) return verdict;
    }
    return null;
  }

  /** The next leaf of the log, known to be the stored one at its index. */
  private grow(logLeaf: LogLeaf): AuditVerdict | null {
    this.logTree.append(logLeaf.hash);
    this.index += 1;
    const failed = this.checkpointAt(this.index);
    return failed === null ? null : { verified: false, finding: failed, checkpoint: this.passed };
  }

  /** The next leaf of the log; a verdict when it fails the audit. */
  private take(logLeaf: LogLeaf): AuditVerdict | null {
    const leaf = this.storedLeaf(this.index);
    if (this.storedTree === null && (leaf.done || !leaf.value.hash.equals(logLeaf.hash))) {
      this.storedTree = Frontier.of(this.logTree.size, this.logTree.roots);
      if (!leaf.done) this.firstDifference = classify(logLeaf, leaf.value, this.index, this.input);
    }
    if (this.storedTree !== null && !leaf.done) this.storedTree.append(leaf.value.hash);
    return this.grow(logLeaf);
  }

  /** The log has ended. */
  end(): AuditVerdict {
    const { checkpoints } = this.input;
    if (this.next < checkpoints.length) {
      const leaf = this.storedLeaf(this.index);
      const finding: AuditFinding = this.firstDifference
        ?? { kind: 'truncated', size: this.index, position: leaf.done ? null : positionToString(leaf.value.position), checkpoint: checkpoints[this.next] };
      return { verified: false, finding, checkpoint: this.passed };
    }
    if (this.firstDifference !== null) return { verified: false, finding: this.firstDifference, checkpoint: this.passed };
    return { verified: true, events: this.index, checkpoint: this.passed };
  }

  private checkpointAt(size: number): AuditFinding | null {
    const { checkpoints } = this.input;
    for (; this.next < checkpoints.length && checkpoints[this.next].size === size; this.next++) {
      const checkpoint = checkpoints[this.next];
      if (!(this.storedTree ?? this.logTree).root().equals(checkpoint.root)) this.storedDiffersFromSigned = true;
      if (!this.logTree.root().equals(checkpoint.root)) {
        return this.storedDiffersFromSigned || this.firstDifference === null ? { kind: 'unnamed', checkpoint } : this.firstDifference;
      }
      this.passed = checkpoint;
    }
    return null;
  }
}
