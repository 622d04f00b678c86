import { comparePositions, EventStore, isCheckpointEcho, Logger, Position, RecordedEvent } from '@support/domain';
import { Frontier, FrontierNode, Hash, LOWEST_STORED_LEVEL, recordedLeafHash, recordedLeafHashText, hashOfText, TimeSlice, TreeLeaf } from '@support/event-sourcing';
import { CheckpointStore } from '../runtime/checkpoints';
import { SubscriberDefinition, SubscriberRunner } from '../runtime/subscriber';
import { SubscriberGroup } from '../runtime/subscriber-group';
import { WrittenTree } from './tree-writes';

export const TREE_SUBSCRIBER = 'transparency-tree';

/**
 * Events of one batch at most, live and catching up. The tree is not part of readiness, so it
 * catches up (a first start over a long log) while requests are served: its batches are small, and
 * their hashing gives the event loop a turn every time slice, so no request waits behind it long.
 */
const TREE_BATCH = 1_000;
const TREE_CATCH_UP_BATCH = 2_000;
/**
 * Live, a batch waits this long from its first event for more: the tree writes one transaction for
 * the events of the commands of a quarter second rather than one for every few (a proof of an event
 * is there this much later, a checkpoint covers it at the next signing either way).
 */
const TREE_LIVE_WINDOW_MS = 250;

/** A position kept as one number when it is one (the embedded log's: commit and prepare the same, below 2^53). */
const MAX_COMPACT = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * What the tree keeps of an event from its arrival until its batch is written: where it is, its leaf
 * hash (computed as it arrives, kept as 32 bytes of binary text) and whether it echoes a checkpoint;
 * its id, type and stream (the text the event already had) for the runner's logs. Not its data, nor
 * its revision, time or position as objects: a live window holds about a thousand of these, long
 * enough for the collector to copy them twice, so each kept object and BigInt costs every create.
 */
class ArrivedLeaf implements RecordedEvent {
  readonly id: string;
  readonly type: string;
  readonly streamName: string;
  private readonly at: number | Position;
  private readonly hashText: string;
  readonly checkpointEcho: boolean;

  constructor(event: RecordedEvent) {
    this.id = event.id;
    this.type = event.type;
    this.streamName = event.streamName;
    const { commit, prepare } = event.position;
    this.at = commit === prepare && commit <= MAX_COMPACT ? Number(commit) : event.position;
    this.hashText = recordedLeafHashText(event);
    this.checkpointEcho = isCheckpointEcho(event);
  }

  get position(): Position {
    if (typeof this.at !== 'number') return this.at;
    const at = BigInt(this.at);
    return { commit: at, prepare: at };
  }

  get leafHash(): Hash {
    return hashOfText(this.hashText);
  }

  get revision(): never {
    throw new Error('the tree keeps the leaf hash of an event, not its revision');
  }

  get created(): never {
    throw new Error('the tree keeps the leaf hash of an event, not its time');
  }

  get data(): never {
    throw new Error('the tree keeps the leaf hash of an event, not its data');
  }

  get metadata(): never {
    throw new Error('the tree keeps the leaf hash of an event, not its metadata');
  }
}

const arrivedLeaf = (event: RecordedEvent): RecordedEvent => new ArrivedLeaf(event);

/**
 * How far the tree has grown by events other than the echoes of checkpoints (their own events and
 * their webhooks' deliveries): the checkpoint signer signs a head only past it. Starts at the tree's
 * stored size (what a restart cannot tell apart counts as grown).
 */
export interface TreeGrowth {
  substantiveSize: number;
}

/**
 * The Merkle tree follows the log like a read model: every event, in log order, becomes the next
 * leaf; the leaves, the nodes they complete and the tree's state (its checkpoint) are written in one
 * transaction of the tree's own file. It is a follower rather than part of the append's transaction
 * so that an append pays nothing for it (the log's write lock is never held for hashing) and so that
 * the same code follows the embedded log and EventStoreDB's $all.
 */
export const treeSubscriber = (store: WrittenTree, growth: TreeGrowth = { substantiveSize: 0 }): SubscriberDefinition => {
  let frontier: Frontier | null = null;
  let last: Position | null = null;
  const current = (): Frontier => {
    if (frontier === null) {
      const state = store.state();
      frontier = Frontier.of(state.size, state.frontier);
      last = state.lastPosition;
    }
    return frontier;
  };
  return {
    name: TREE_SUBSCRIBER,
    handle: async () => {
      throw new Error('the tree takes its events in batches (handleBatchUpTo)');
    },
    handleBatchUpTo: async (batch: readonly RecordedEvent[]) => {
      const tree = current();
      // Events another follower of the same file already added (after a reload from what is stored) are not added again.
      // The batch is in log order: past `last` from its first event, it is taken whole.
      const events = last === null || (batch.length > 0 && comparePositions(batch[0].position, last) > 0)
        ? batch : batch.filter((e) => comparePositions(e.position, last as Position) > 0);
      if (events.length === 0) return;
      const leaves: TreeLeaf[] = [];
      const nodes: FrontierNode[] = [];
      let substantive = growth.substantiveSize;
      const slice = new TimeSlice();
      try {
        for (const event of events) {
          if (slice.used()) await slice.yieldTurn();
          const arrived = event instanceof ArrivedLeaf;
          const hash = arrived ? event.leafHash : recordedLeafHash(event);
          leaves.push({ position: event.position, hash });
          for (const node of tree.append(hash)) if (node.level >= LOWEST_STORED_LEVEL) nodes.push(node);
          if (!(arrived ? event.checkpointEcho : isCheckpointEcho(event))) substantive = tree.size;
        }
        await store.append(leaves, nodes, { size: tree.size, lastPosition: events[events.length - 1].position, frontier: tree.roots });
        last = events[events.length - 1].position;
        growth.substantiveSize = substantive;
      } catch (error) {
        frontier = null; // what is stored is the truth: the batch is retried from it
        throw error;
      }
    },
  };
};

/** The tree's checkpoint is its state's last position, saved with every batch. */
const treeCheckpoints = (store: WrittenTree): CheckpointStore => ({
  load: async () => store.state().lastPosition,
  save: async (_subscriber: string, _position: Position) => undefined,
});

export interface TreeFollower {
  readonly runner: SubscriberRunner;
  readonly group: SubscriberGroup;
  readonly growth: TreeGrowth;
}

/**
 * The log as the tree reads it: with each event's canonical text where the store keeps it (the
 * embedded log), so that its leaf is written from the stored text without decoding and
 * canonicalizing it again; EventStoreDB's events come decoded, and are hashed the generic way.
 */
const withCanonicalText = (eventStore: EventStore): EventStore => ({
  appendToStream: (streamName, events, options) => eventStore.appendToStream(streamName, events, options),
  appendToStreams: (appends) => eventStore.appendToStreams(appends),
  readStream: (streamName, options) => eventStore.readStream(streamName, options),
  subscribeToAll: (options) => eventStore.subscribeToAll({ ...options, canonicalText: true }),
  headPosition: () => eventStore.headPosition(),
  close: () => eventStore.close(),
});

/**
 * The tree's subscriber on a subscription of its own to the whole log (no read model waits on it);
 * each event is hashed as it arrives (ArrivedLeaf): on the embedded log, an event appended in this
 * process as it is written, from the text written, without reading it back.
 */
export const treeFollower = (store: WrittenTree, eventStore: EventStore, logger: Logger): TreeFollower => {
  const growth: TreeGrowth = { substantiveSize: store.state().size };
  const log = withCanonicalText(eventStore);
  const runner = new SubscriberRunner(treeSubscriber(store, growth), log, treeCheckpoints(store), logger);
  return { runner, group: new SubscriberGroup(log, [runner], logger, {
    maxBatch: TREE_BATCH, catchUpBatch: TREE_CATCH_UP_BATCH, liveWindowMs: TREE_LIVE_WINDOW_MS, onArrival: arrivedLeaf,
  }), growth };
};
