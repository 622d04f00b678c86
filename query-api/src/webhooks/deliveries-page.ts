import * as E from 'fp-ts/Either';
import { FieldMatch, isWebhookEventType, ReadModels, WEBHOOK_ATTEMPTS_COLLECTION, WebhookAttemptDocument } from '@support/domain';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 250;
const ACCEPTED = ['limit', 'cursor', 'outcome', 'eventType', 'replayId'];

/** The place after the last attempt of a page: its time and id (opaque to callers). */
const encodeCursor = (doc: WebhookAttemptDocument) => Buffer.from(JSON.stringify([doc.attemptedAt, doc._id])).toString('base64url');
const decodeCursor = (raw: string): [string, string] | null => {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    return Array.isArray(value) && value.length === 2 && value.every((x) => typeof x === 'string') ? [value[0], value[1]] : null;
  } catch {
    return null;
  }
};

const attemptView = (d: WebhookAttemptDocument) => ({
  deliveryId: d.deliveryId, messageId: d.messageId, eventType: d.eventType, eventPosition: d.eventPosition || null, replayId: d.replayId,
  attempt: d.attempt, attemptedAt: d.attemptedAt, outcome: d.outcome, statusCode: d.statusCode, durationMs: d.durationMs, error: d.error, retryAt: d.retryAt,
});

/**
 * A page of a subscription's delivery attempts, newest first, cursor-paged: `limit` (1 to 250,
 * default 50), `cursor` (nextCursor of the page before), filters `outcome` (delivered or failed),
 * `eventType` and `replayId`.
 */
export const deliveriesPage = async (readModels: ReadModels, subscriptionId: string, query: Record<string, unknown>) => {
  const unknown = Object.keys(query).filter((k) => !ACCEPTED.includes(k));
  if (unknown.length > 0) return E.left(`Unknown query parameter "${unknown[0]}": accepted are ${ACCEPTED.join(', ')}`);
  const one = (k: string) => (typeof query[k] === 'string' ? (query[k] as string) : undefined);
  const limit = one('limit') === undefined ? DEFAULT_LIMIT : Number(one('limit'));
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return E.left(`limit must be a whole number from 1 to ${MAX_LIMIT}, got ${JSON.stringify(query.limit)}`);
  const outcome = one('outcome');
  if (outcome !== undefined && outcome !== 'delivered' && outcome !== 'failed') return E.left(`outcome must be "delivered" or "failed", got ${JSON.stringify(outcome)}`);
  const eventType = one('eventType');
  if (eventType !== undefined && eventType !== 'webhook.ping' && !isWebhookEventType(eventType)) return E.left(`eventType names no event type: ${JSON.stringify(eventType)}`);
  const rawCursor = one('cursor');
  const cursor = rawCursor === undefined ? null : decodeCursor(rawCursor);
  if (rawCursor !== undefined && cursor === null) return E.left('cursor is not one this service gave: pass nextCursor of the page before, or leave it out for the first page');
  const where: Record<string, FieldMatch[string]> = { subscriptionId };
  if (outcome !== undefined) where.outcome = outcome;
  if (eventType !== undefined) where.eventType = eventType;
  if (one('replayId') !== undefined) where.replayId = one('replayId')!;
  if (cursor !== null) where.attemptedAt = { lte: cursor[0] };
  // Attempts at the cursor's own time come again: the ones up to the cursor's id are left out here.
  const docs = (await readModels.find<WebhookAttemptDocument>(WEBHOOK_ATTEMPTS_COLLECTION, { where, sort: { attemptedAt: -1 }, limit: limit + 1 + (cursor ? 100 : 0) }))
    .filter((d) => cursor === null || d.attemptedAt < cursor[0] || d._id < cursor[1])
    .sort((a, b) => (a.attemptedAt === b.attemptedAt ? (a._id < b._id ? 1 : -1) : a.attemptedAt < b.attemptedAt ? 1 : -1));
  const page = docs.slice(0, limit);
  return E.right({ data: page.map(attemptView), nextCursor: docs.length > limit ? encodeCursor(page[page.length - 1]) : null });
};
