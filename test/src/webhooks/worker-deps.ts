import { randomUUID } from 'node:crypto';
import { EventStore, ReadModels, WebhookAttempt, WebhookRequest } from '@support/domain';
import { WebhookWorkerDeps } from '@support/workers';
import { silentLogger } from '../support/test-service';

/**
 * What the webhook workers need, for tests that run a delivery job in the test's process: the
 * subscriptions read model at once, a clock `offsetMs()` ahead of now, and a transport that answers
 * each request with `send` (no network).
 */
export const webhookWorkerDeps = (
  eventStore: EventStore, readModels: ReadModels, send: (r: WebhookRequest) => Promise<WebhookAttempt>, offsetMs: () => number,
): WebhookWorkerDeps => ({
  eventStore, readModels, jobQueue: undefined as never, directory: undefined as never, newId: randomUUID, logger: silentLogger,
  clock: { now: () => new Date(Date.now() + offsetMs()) },
  progress: { waitFor: async () => true } as never,
  webhooks: { key: Buffer.alloc(32, 7), allowedHosts: [], transport: { checkTarget: async () => ({ ok: true }), send } },
});
