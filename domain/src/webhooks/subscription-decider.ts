import * as E from 'fp-ts/Either';
import { Decider } from '../shared/decider';
import { WebhookEventType } from './event-catalog';
import { evolveSubscription, MaybeSubscription, WebhookSubscriptionEvent, WebhookSubscriptionState } from './subscription-events';

/** How long a rotated-out secret keeps signing beside the new one. */
const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

export type WebhookSubscriptionCommand =
  | {
      readonly type: 'CreateSubscription';
      readonly subscriptionId: string;
      readonly accountId: string;
      readonly url: string;
      readonly eventTypes: readonly WebhookEventType[];
      readonly description: string | null;
      readonly byId: string;
      readonly at: string;
    }
  | {
      readonly type: 'UpdateSubscription';
      readonly url?: string;
      readonly eventTypes?: readonly WebhookEventType[];
      readonly enabled?: boolean;
      readonly description?: string | null;
      readonly byId: string;
      readonly at: string;
    }
  | { readonly type: 'RotateSecret'; readonly byId: string; readonly at: string }
  | { readonly type: 'DisableForFailures'; readonly reason: string; readonly failingSince: string; readonly at: string }
  | { readonly type: 'DeleteSubscription'; readonly byId: string; readonly at: string }
  | {
      readonly type: 'RequestReplay';
      readonly replayId: string;
      readonly fromPosition: string | null;
      readonly fromTime: string | null;
      readonly eventTypes: readonly WebhookEventType[];
      readonly byId: string;
      readonly at: string;
    };

type WebhookSubscriptionError =
  | { readonly kind: 'SubscriptionNotFound' }
  | { readonly kind: 'SubscriptionExists' };

type Decision = E.Either<WebhookSubscriptionError, readonly WebhookSubscriptionEvent[]>;

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const decideUpdate = (s: WebhookSubscriptionState, c: Extract<WebhookSubscriptionCommand, { type: 'UpdateSubscription' }>): Decision => {
  const changes = {
    ...(c.url !== undefined && c.url !== s.url ? { url: c.url } : {}),
    ...(c.eventTypes !== undefined && !sameList(c.eventTypes, s.eventTypes) ? { eventTypes: c.eventTypes } : {}),
    ...(c.enabled !== undefined && c.enabled !== s.enabled ? { enabled: c.enabled } : {}),
    ...(c.description !== undefined && c.description !== s.description ? { description: c.description } : {}),
  };
  if (Object.keys(changes).length === 0) return E.right([]);
  return E.right([{ type: 'WebhookSubscriptionUpdated', data: { subscriptionId: s.subscriptionId, accountId: s.accountId, changes, updatedById: c.byId, at: c.at } }]);
};

const decide = (c: WebhookSubscriptionCommand, state: MaybeSubscription): Decision => {
  if (c.type === 'CreateSubscription') {
    if (state !== null) return E.left({ kind: 'SubscriptionExists' });
    return E.right([{
      type: 'WebhookSubscriptionCreated',
      data: {
        subscriptionId: c.subscriptionId, accountId: c.accountId, url: c.url, eventTypes: c.eventTypes, description: c.description, secretVersion: 1,
        createdById: c.byId, createdAt: c.at,
      },
    }]);
  }
  if (state === null || state.deleted) return E.left({ kind: 'SubscriptionNotFound' });
  const ids = { subscriptionId: state.subscriptionId, accountId: state.accountId };
  switch (c.type) {
    case 'UpdateSubscription':
      return decideUpdate(state, c);
    case 'RotateSecret':
      return E.right([{
        type: 'WebhookSecretRotated',
        data: { ...ids, secretVersion: state.secretVersion + 1, previousSecretValidUntil: new Date(Date.parse(c.at) + SECRET_OVERLAP_MS).toISOString(), rotatedById: c.byId, at: c.at },
      }]);
    case 'DisableForFailures':
      return state.enabled ? E.right([{ type: 'WebhookSubscriptionDisabled', data: { ...ids, reason: c.reason, failingSince: c.failingSince, at: c.at } }]) : E.right([]);
    case 'DeleteSubscription':
      return E.right([{ type: 'WebhookSubscriptionDeleted', data: { ...ids, deletedById: c.byId, at: c.at } }]);
    case 'RequestReplay':
      return E.right([{
        type: 'WebhookReplayRequested',
        data: { ...ids, replayId: c.replayId, fromPosition: c.fromPosition, fromTime: c.fromTime, eventTypes: c.eventTypes, requestedById: c.byId, at: c.at },
      }]);
  }
};

/** A webhook subscription: created, changed, its secret rotated, disabled, deleted; every change an event. Pure. */
export const webhookSubscriptionDecider: Decider<WebhookSubscriptionCommand, WebhookSubscriptionEvent, MaybeSubscription, WebhookSubscriptionError> = {
  initialState: () => null,
  evolve: evolveSubscription,
  decide,
};

