import { KeyObject } from 'node:crypto';
import { Clock, Logger, thrownMessage } from '@support/domain';
import { everyInterval, Frontier, signCheckpoint, StoredCheckpoint } from '@support/event-sourcing';
import { TreeGrowth } from './tree-follower';
import { WrittenTree } from './tree-writes';

export interface CheckpointSignerOptions {
  readonly store: WrittenTree;
  readonly key: KeyObject;
  /** The log's name, the first line of every checkpoint and the name of its key. */
  readonly origin: string;
  readonly clock: Clock;
  readonly logger: Logger;
  /** How often the tree head is signed while the log grows. */
  readonly everyMs: number;
  /**
   * Told of each new checkpoint (the `log.checkpoint` webhook event) that covers more than the
   * echoes of the last one told of (its own event, its webhook's deliveries), given `growth`: else
   * each checkpoint's echoes would make the next one told of, without end.
   */
  readonly onCheckpoint?: (checkpoint: StoredCheckpoint) => Promise<void>;
  /** How far the log grew by other events than checkpoints' echoes. */
  readonly growth?: TreeGrowth;
}

/**
 * Signs the tree's head when it has grown since the last checkpoint; answers the new checkpoint, if
 * any (none when another process stored one of that size first: its signer tells of it).
 */
export const signNewHead = async ({ store, key, origin, clock }: Pick<CheckpointSignerOptions, 'store' | 'key' | 'origin' | 'clock'>): Promise<StoredCheckpoint | null> => {
  const state = store.state();
  const latest = store.latestCheckpoint();
  if (state.size === 0 || (latest !== null && latest.size >= state.size)) return null;
  const time = clock.now();
  const root = Frontier.of(state.size, state.frontier).root();
  const checkpoint = { size: state.size, time, note: signCheckpoint({ origin, size: state.size, root, time }, key) };
  return (await store.saveCheckpoint(checkpoint)) === false ? null : checkpoint;
};

/** Signs a new checkpoint every `everyMs` while the log grows (and once at start). Answers its stopper. */
export const startCheckpointSigner = (options: CheckpointSignerOptions): (() => Promise<void>) => {
  // The size of the last checkpoint told of (at start: the latest stored).
  let told = options.store.latestCheckpoint()?.size ?? 0;
  const ticks = everyInterval(options.everyMs, async () => {
    try {
      const checkpoint = await signNewHead(options);
      if (checkpoint !== null) {
        options.logger.info('log checkpoint signed', { size: checkpoint.size });
        if (options.growth === undefined || options.growth.substantiveSize > told) {
          told = checkpoint.size;
          await options.onCheckpoint?.(checkpoint);
        }
      }
    } catch (error) {
      options.logger.warn('log checkpoint: signing failed; tried again at the next tick', { errorMessage: thrownMessage(error) });
    }
  });
  return () => ticks.stop();
};
