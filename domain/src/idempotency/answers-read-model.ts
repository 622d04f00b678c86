import type { ReadDocument } from '../ports/read-document';

/** Read model "idempotency-answers": which answers kept for an `Idempotency-Key` name which ids (the erasure finds a customer's answers by it). */
export const IDEMPOTENCY_ANSWERS_PROJECTION = 'idempotency-answers';
export const IDEMPOTENCY_ANSWERS_COLLECTION = 'idempotency_answers';

/** One answer: _id is its key's stream. */
export type IdempotencyAnswerDocument = ReadDocument & {
  readonly accountId: string;
  readonly subjects: readonly string[];
};
