import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { strictObject } from '../shared/strict';
import { AllowedHost, isAllowedTarget } from './allowed-hosts';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES, WebhookEventType } from './event-catalog';
import { isServiceItself, ServiceItself } from './service-itself';
import { hostAndPort, targetOrigin } from './target-origin';

const MAX_DESCRIPTION = 500;
const MAX_URL = 2_048;

const EventTypes = new t.Type<WebhookEventType[], unknown, unknown>(
  'EventTypes',
  (u): u is WebhookEventType[] => Array.isArray(u) && u.length > 0 && u.every((x) => typeof x === 'string' && isWebhookEventType(x)),
  (u, c) => {
    if (!Array.isArray(u) || u.length === 0) return t.failure(u, c, `must be a non-empty array of event types (${WEBHOOK_EVENT_TYPES.join(', ')})`);
    const unknownTypes = u.filter((x) => typeof x !== 'string' || !isWebhookEventType(x));
    if (unknownTypes.length > 0) return t.failure(u, c, `names no event type: ${unknownTypes.map((x) => JSON.stringify(x)).join(', ')} (event types: ${WEBHOOK_EVENT_TYPES.join(', ')})`);
    return t.success([...new Set(u as WebhookEventType[])]);
  },
  t.identity,
);

const Url = new t.Type<string, unknown, unknown>(
  'WebhookUrl',
  (u): u is string => typeof u === 'string',
  (u, c) => (typeof u === 'string' && u.length > 0 && u.length <= MAX_URL ? t.success(u) : t.failure(u, c, `must be an absolute URL of at most ${MAX_URL} characters`)),
  t.identity,
);

const Description = t.union([t.null, new t.Type<string, unknown, unknown>(
  'Description',
  (u): u is string => typeof u === 'string',
  (u, c) => (typeof u === 'string' && u.length <= MAX_DESCRIPTION ? t.success(u) : t.failure(u, c, `must be a string of at most ${MAX_DESCRIPTION} characters, or null`)),
  t.identity,
)]);

/** POST /apis/webhooks */
export const CreateWebhookRequest = strictObject('CreateWebhookRequest', { url: Url, eventTypes: EventTypes }, { description: Description });
export type CreateWebhookRequest = t.TypeOf<typeof CreateWebhookRequest>;

/** PATCH /apis/webhooks/{id} */
export const UpdateWebhookRequest = strictObject('UpdateWebhookRequest', {}, { url: Url, eventTypes: EventTypes, enabled: t.boolean, description: Description });
export type UpdateWebhookRequest = t.TypeOf<typeof UpdateWebhookRequest>;

/** POST /apis/webhooks/{id}/replay: from a time (ISO 8601) or a log position, optionally only some event types. */
export const ReplayWebhookRequest = strictObject('ReplayWebhookRequest', {}, { from: t.string, fromPosition: t.string, eventTypes: EventTypes });
export type ReplayWebhookRequest = t.TypeOf<typeof ReplayWebhookRequest>;

/** What a target URL is checked against: the hosts and ports the operator allows, and where the service itself answers. */
export interface WebhookUrlRules {
  readonly allowedHosts: readonly AllowedHost[];
  readonly serviceItself: ServiceItself;
}

/**
 * A target URL as the subscription keeps it: absolute, without credentials or fragment, never the
 * service itself (even on a host and port the operator allows), https (plain http only for a host
 * and port the operator allows). The address it resolves to is checked when it is set and at every
 * delivery (the adapter's checkTarget). Messages name the host and port, never the path or query.
 */
export const checkWebhookUrl = (raw: string, rules: WebhookUrlRules): E.Either<string, string> => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return E.left(`url ${JSON.stringify(raw)} is not an absolute URL: send https://host/path`);
  }
  if (url.username !== '' || url.password !== '') return E.left('url must not carry credentials: put a token in the path or use the signature to authenticate deliveries');
  if (url.hash !== '') return E.left('url must not have a fragment (#...)');
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  const origin = targetOrigin(url);
  if (web && isServiceItself(origin, rules.serviceItself)) return E.left(`url must not target this service itself (${hostAndPort(origin)}): a webhook goes to a receiver outside it`);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isAllowedTarget(rules.allowedHosts, url))) return E.right(url.toString());
  const notAllowed = url.protocol === 'http:' ? `, and ${hostAndPort(origin)} is not one` : '';
  return E.left(`url must be https (got ${url.protocol.replace(':', '')}); plain http is only for a host and port the operator allows (WEBHOOK_ALLOWED_HOSTS)${notAllowed}`);
};
