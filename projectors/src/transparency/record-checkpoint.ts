import * as E from 'fp-ts/Either';
import { EventStore, IdGenerator, LOG_CHECKPOINT_STREAM, logCheckpointSigned } from '@support/domain';
import { StoredCheckpoint } from '@support/event-sourcing';

const CHECKPOINT_SIGNER = 'projector:checkpoint-signer';

/** Records a signed checkpoint as LogCheckpointSigned on `log_checkpoints` (whence the log.checkpoint webhook). */
export const recordCheckpoint = async (eventStore: EventStore, newId: IdGenerator, origin: string, checkpoint: StoredCheckpoint): Promise<void> => {
  const event = logCheckpointSigned(origin, checkpoint.size, checkpoint.time, checkpoint.note);
  const appended = await eventStore.appendToStream(LOG_CHECKPOINT_STREAM, [{ id: newId(), type: event.type, data: event.data, metadata: { version: 1, userId: CHECKPOINT_SIGNER } }], { expectedRevision: 'any' });
  if (E.isLeft(appended)) throw new Error(`the checkpoint of size ${checkpoint.size} could not be recorded in the log: ${appended.left.kind}`);
};
