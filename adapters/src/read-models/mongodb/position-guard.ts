import { type Position, sortablePosition } from '@support/domain';
import type { Document } from 'mongodb';
import { APPLIED_POSITION } from './internal-fields';

/**
 * Each projection write is guarded by its event's position: the document records the position of
 * the last event applied to it (APPLIED_POSITION), and a write only matches a document that has not
 * seen its event. The checkpoint is written after a batch's documents, so a crash between them
 * replays events whose writes the guard turns into no-ops: nothing applied twice, nothing lost.
 */

/** The position as fixed-width text, so that text order is log order (the domain's sortablePosition). */
export const positionKey = (p: Position): string => sortablePosition(p);

/** The documents the event at `key` has not been applied to: the field absent, or text below it (`$lt` of text matches text only). */
export const notYetApplied = (key: string): Document => ({
  $or: [{ [APPLIED_POSITION]: { $exists: false } }, { [APPLIED_POSITION]: { $lt: key } }],
});

/** notYetApplied as a test of a document the writer read itself. */
export const isNotYetApplied = (doc: Document, key: string): boolean => {
  if (!Object.prototype.hasOwnProperty.call(doc, APPLIED_POSITION)) return true;
  const applied = doc[APPLIED_POSITION];
  return typeof applied === 'string' && applied < key;
};

/** MongoDB's error code for a write that breaks a unique index (an upsert of an `_id` that exists). */
const DUPLICATE_KEY = 11000;

export const isDuplicateKey = (e: unknown): boolean => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === DUPLICATE_KEY;
