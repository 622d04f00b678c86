import {
  DocumentWrite, IDEMPOTENCY_ANSWERS_COLLECTION, IDEMPOTENCY_ANSWERS_PROJECTION, IDEMPOTENCY_STREAM_PREFIX, IdempotentRequestAnswered, RecordedEvent,
} from '@support/domain';
import { ProjectionDefinition } from '../runtime/projection';

const answerWrites = (event: RecordedEvent): readonly DocumentWrite[] => {
  if (event.type !== 'IdempotentRequestAnswered') return [];
  const subjects = (event.data as IdempotentRequestAnswered['data']).subjects ?? [];
  const accountId = event.metadata.accountId;
  if (subjects.length === 0 || typeof accountId !== 'string') return [];
  return [{ collection: IDEMPOTENCY_ANSWERS_COLLECTION, id: event.streamName, set: { accountId, subjects }, upsert: true }];
};

/**
 * Read model "idempotency-answers": the ids each answer kept for an `Idempotency-Key` names, so
 * that a customer's erasure finds the answers that repeat their data (docs/api/erasure.md).
 */
export const idempotencyAnswersProjection: ProjectionDefinition = {
  name: IDEMPOTENCY_ANSWERS_PROJECTION,
  streamNamePrefixes: [IDEMPOTENCY_STREAM_PREFIX],
  version: 1,
  collections: {
    [IDEMPOTENCY_ANSWERS_COLLECTION]: { fields: ['accountId'], lists: ['subjects'], indexes: [{ name: 'account_subject', fields: ['accountId', 'subjects'] }] },
  },
  project: async (event: RecordedEvent) => answerWrites(event),
};
