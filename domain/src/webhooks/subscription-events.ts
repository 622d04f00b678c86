import { DomainEvent } from '../shared/decider';
import { WebhookEventType } from './event-catalog';

export const WEBHOOK_STREAM_PREFIX = 'webhook-';
/** One stream per subscription: every change of it is an event there. */
export const webhookStream = (subscriptionId: string): string => `${WEBHOOK_STREAM_PREFIX}${subscriptionId}`;

interface OnSubscription {
  readonly subscriptionId: string;
  readonly accountId: string;
}

export type WebhookSubscriptionCreated = DomainEvent<'WebhookSubscriptionCreated', OnSubscription & {
  readonly url: string;
  readonly eventTypes: readonly WebhookEventType[];
  readonly description: string | null;
  /** The signing secret's version (the secret itself is derived, never stored: see webhookSecret). */
  readonly secretVersion: number;
  readonly createdById: string;
  readonly createdAt: string;
}>;

export type WebhookSubscriptionUpdated = DomainEvent<'WebhookSubscriptionUpdated', OnSubscription & {
  /** Only the fields that changed. */
  readonly changes: {
    readonly url?: string;
    readonly eventTypes?: readonly WebhookEventType[];
    readonly enabled?: boolean;
    readonly description?: string | null;
  };
  readonly updatedById: string;
  readonly at: string;
}>;

export type WebhookSecretRotated = DomainEvent<'WebhookSecretRotated', OnSubscription & {
  readonly secretVersion: number;
  /** The previous secret still signs, beside the new one, until then. */
  readonly previousSecretValidUntil: string;
  readonly rotatedById: string;
  readonly at: string;
}>;

/** Disabled by the service: it failed without a single success for the whole period. */
export type WebhookSubscriptionDisabled = DomainEvent<'WebhookSubscriptionDisabled', OnSubscription & {
  readonly reason: string;
  readonly failingSince: string;
  readonly at: string;
}>;

export type WebhookSubscriptionDeleted = DomainEvent<'WebhookSubscriptionDeleted', OnSubscription & { readonly deletedById: string; readonly at: string }>;

export type WebhookReplayRequested = DomainEvent<'WebhookReplayRequested', OnSubscription & {
  readonly replayId: string;
  /** Events after this log position are sent again (from a time, the first position at or after it). */
  readonly fromPosition: string | null;
  readonly fromTime: string | null;
  readonly eventTypes: readonly WebhookEventType[];
  readonly requestedById: string;
  readonly at: string;
}>;

export type WebhookSubscriptionEvent =
  | WebhookSubscriptionCreated | WebhookSubscriptionUpdated | WebhookSecretRotated | WebhookSubscriptionDisabled | WebhookSubscriptionDeleted
  | WebhookReplayRequested;

/** What a subscription is, as its events say: the decider's state and the read model's document both hold it (a type alias, not an interface: read-model documents must be indexable). */
export type WebhookSubscriptionSettings = {
  readonly accountId: string;
  readonly url: string;
  readonly eventTypes: readonly WebhookEventType[];
  readonly description: string | null;
  readonly enabled: boolean;
  /** Why the service disabled it (null when enabled, or disabled by a user). */
  readonly disabledReason: string | null;
  readonly secretVersion: number;
  /** The previous secret's version and until when it still signs, during a rotation. */
  readonly previousSecret: { readonly version: number; readonly validUntil: string } | null;
  readonly createdAt: string;
  readonly updatedAt: string;
};

export type WebhookSubscriptionState = WebhookSubscriptionSettings & {
  readonly subscriptionId: string;
  readonly deleted: boolean;
};

export type MaybeSubscription = WebhookSubscriptionState | null;

export const evolveSubscription = (state: MaybeSubscription, event: WebhookSubscriptionEvent): MaybeSubscription => {
  if (event.type === 'WebhookSubscriptionCreated') {
    const d = event.data;
    return state ?? {
      subscriptionId: d.subscriptionId, accountId: d.accountId, url: d.url, eventTypes: d.eventTypes, description: d.description, enabled: true,
      disabledReason: null, secretVersion: d.secretVersion, previousSecret: null, createdAt: d.createdAt, updatedAt: d.createdAt, deleted: false,
    };
  }
  if (state === null) return state;
  switch (event.type) {
    case 'WebhookSubscriptionUpdated': {
      const c = event.data.changes;
      return {
        ...state,
        ...(c.url !== undefined ? { url: c.url } : {}),
        ...(c.eventTypes !== undefined ? { eventTypes: c.eventTypes } : {}),
        ...(c.description !== undefined ? { description: c.description } : {}),
        ...(c.enabled !== undefined ? { enabled: c.enabled, disabledReason: null } : {}),
        updatedAt: event.data.at,
      };
    }
    case 'WebhookSecretRotated':
      return {
        ...state, secretVersion: event.data.secretVersion, updatedAt: event.data.at,
        previousSecret: { version: state.secretVersion, validUntil: event.data.previousSecretValidUntil },
      };
    case 'WebhookSubscriptionDisabled':
      return { ...state, enabled: false, disabledReason: event.data.reason, updatedAt: event.data.at };
    case 'WebhookSubscriptionDeleted':
      return { ...state, deleted: true, enabled: false, updatedAt: event.data.at };
    default:
      return state;
  }
};
