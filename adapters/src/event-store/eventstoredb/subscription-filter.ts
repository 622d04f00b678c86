import { AllStreamSubscription, excludeSystemEvents, Filter, Position as ClientPosition, streamNameFilter } from '@eventstore/db-client';
import type { Position } from '@support/domain';

/** What the client's stream carries, in its order, for each checkpoint of a filtered read: how far the server has searched. */
export interface CheckpointMark {
  readonly checkpoint: Position;
}

const MARK = Symbol('checkpoint mark');

/** Whether an item of the client's subscription is a checkpoint mark (not an event). Pure. */
export const isCheckpointMark = (item: unknown): item is CheckpointMark => typeof item === 'object' && item !== null && MARK in item;

/**
 * The subscription's checkpoints go into its own stream as marks, behind the events the server sent
 * before them: read in order, a mark tells how far the log has been read only once every event
 * before it has been taken (a callback would run ahead of the events still buffered).
 */
const markCheckpoint = (subscription: AllStreamSubscription, position: ClientPosition): void => {
  const mark: CheckpointMark & { [MARK]: true } = { checkpoint: { commit: position.commit, prepare: position.prepare }, [MARK]: true };
  subscription.push(mark);
};

/**
 * The server-side filter of a subscription to $all (the events it leaves out are never sent nor
 * decoded): the streams whose name starts with one of `prefixes` (the projectors' subscriber groups
 * give them), else every event but the system ones. Either way the server sends a checkpoint every
 * window of events it searched (checkpointInterval 1: each of its search windows), which comes as
 * a mark (markCheckpoint): the subscription's readUpTo passes events the filter left out. Pure.
 */
export const subscriptionFilter = (prefixes: readonly string[]): Filter =>
  (prefixes.length > 0
    ? streamNameFilter({ prefixes: [...prefixes], checkpointInterval: 1, checkpointReached: markCheckpoint })
    : excludeSystemEvents({ checkpointInterval: 1, checkpointReached: markCheckpoint }));
