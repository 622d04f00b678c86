import * as E from 'fp-ts/Either';
import { ReplayWebhookRequest, WebhookEventType } from '@support/domain';

const POSITION = /^\d{1,20}(\/\d{1,20})?$/;

interface ReplayStart {
  readonly fromPosition: string | null;
  readonly fromTime: string | null;
  readonly eventTypes: readonly WebhookEventType[];
}

/**
 * Where a replay starts: after a log position (as payloads carry it) or from a time, and which of
 * the subscription's event types it sends again (all of them unless named).
 */
export const replayStart = (request: ReplayWebhookRequest, subscribed: readonly WebhookEventType[]): E.Either<string, ReplayStart> => {
  if ((request.from === undefined) === (request.fromPosition === undefined)) {
    return E.left('Send either from (an ISO 8601 time, e.g. "2026-11-26T08:00:00Z") or fromPosition (the position of a payload, e.g. "1234/1234"), not both');
  }
  if (request.fromPosition !== undefined && !POSITION.test(request.fromPosition)) {
    return E.left(`fromPosition must be a log position as payloads carry it ("<commit>/<prepare>"), got ${JSON.stringify(request.fromPosition)}`);
  }
  let fromTime: string | null = null;
  if (request.from !== undefined) {
    const t = Date.parse(request.from);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(request.from) || Number.isNaN(t)) return E.left(`from must be an ISO 8601 time such as "2026-11-26T08:00:00Z", got ${JSON.stringify(request.from)}`);
    fromTime = new Date(t).toISOString();
  }
  const eventTypes = request.eventTypes ?? subscribed;
  const notSubscribed = eventTypes.filter((type) => !subscribed.includes(type));
  if (notSubscribed.length > 0) return E.left(`eventTypes must be among the subscription's (${subscribed.join(', ')}); not subscribed: ${notSubscribed.join(', ')}`);
  return E.right({ fromPosition: request.fromPosition ?? null, fromTime, eventTypes });
};
