/**
 * The tamper-evident log's checkpoints as events of the log itself (stream `log_checkpoints`): each
 * checkpoint the service signs is recorded, so that it reaches integrators as the `log.checkpoint`
 * webhook (every account's subscriptions that name it: the checkpoint is the whole log's) and an
 * auditor keeps heads outside this machine.
 */
export const LOG_CHECKPOINT_STREAM = 'log_checkpoints';

export interface LogCheckpointSignedData {
  /** The log's name: the checkpoint's first line and the name of its key. */
  readonly origin: string;
  /** The tree's size (events) the checkpoint covers. */
  readonly size: number;
  /** The tree's root over those events, base64 (the checkpoint's third line). */
  readonly rootHash: string;
  /** When it was signed. */
  readonly time: string;
  /** The signed note (C2SP checkpoint) as GET /admin/log/checkpoint serves it. */
  readonly checkpoint: string;
}

export type LogCheckpointSigned = { readonly type: 'LogCheckpointSigned'; readonly data: LogCheckpointSignedData };

/** The event that records a checkpoint, from its signed note. */
export const logCheckpointSigned = (origin: string, size: number, time: Date, note: string): LogCheckpointSigned => ({
  type: 'LogCheckpointSigned',
  data: { origin, size, rootHash: note.split('\n')[2] ?? '', time: time.toISOString(), checkpoint: note },
});

/**
 * Whether an event of the log is an echo of a checkpoint: the checkpoint's own event, or a delivery
 * of its webhook. The log's growth by echoes alone is not signed again (else every checkpoint would
 * make the next one, and its webhook the one after).
 */
export const isCheckpointEcho = (event: { readonly type: string; readonly data: unknown }): boolean =>
  event.type === 'LogCheckpointSigned'
  || (event.type === 'WebhookDeliveryAttempted' && (event.data as { eventType?: unknown } | null)?.eventType === 'log.checkpoint');
