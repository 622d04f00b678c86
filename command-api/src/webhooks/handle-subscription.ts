import * as E from 'fp-ts/Either';
import {
  CommandContext, READ_YOUR_WRITES_MS, webhookNotFoundMessage, WEBHOOK_SUBSCRIPTIONS_COLLECTION, WebhookSubscriptionCommand, WebhookSubscriptionDocument,
  WebhookSubscriptionEvent, WEBHOOKS_PROJECTION, webhookStream,
} from '@support/domain';
import { handleWebhookSubscription } from '@support/event-sourcing';
import { contention, HttpProblem, problem } from '@support/http-edge';
import { WebhookCommandDeps } from './webhook-deps';

export const webhookNotFound = (id: string): HttpProblem =>
  problem(404, webhookNotFoundMessage(id));

/** The subscription's document, when it is this account's. */
export const subscriptionOfAccount = async (deps: WebhookCommandDeps, accountId: string, id: string): Promise<WebhookSubscriptionDocument | null> => {
  const doc = await deps.readModels.get<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, id);
  return doc !== null && doc.accountId === accountId ? doc : null;
};

/**
 * Decides a command on a subscription's stream and, once appended, waits for the "webhooks" read
 * model (read your writes); answers the document as it then is and the events decided.
 */
export const decideOnSubscription = async (
  deps: WebhookCommandDeps, id: string, command: WebhookSubscriptionCommand, ctx: CommandContext,
): Promise<E.Either<HttpProblem, { readonly doc: WebhookSubscriptionDocument | null; readonly events: readonly WebhookSubscriptionEvent[] }>> => {
  const handled = await handleWebhookSubscription(deps, webhookStream(id), command, ctx);
  if (E.isLeft(handled)) {
    switch (handled.left.kind) {
      case 'ConcurrencyConflict': return E.left(contention('webhook subscription'));
      case 'SubscriptionNotFound': return E.left(webhookNotFound(id));
      default: throw new Error(`webhook subscription command refused: ${handled.left.kind}`);
    }
  }
  const appended = handled.right.appended;
  if (appended) await deps.progress.waitFor([WEBHOOKS_PROJECTION], appended.position, READ_YOUR_WRITES_MS);
  const doc = await deps.readModels.get<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, id);
  return E.right({ doc, events: handled.right.newEvents as readonly WebhookSubscriptionEvent[] });
};
