import Router from '@koa/router';
import { ChatAppClient } from '@support/domain';
import { MessagingCommandDeps } from './messaging-deps';
import { statusWebhookRoute } from './status-webhook-route';
import { templateLookup } from './template-lookup';
import { templateSendRoute } from './template-send-route';
import { templateSyncRoute } from './template-sync-route';

/**
 * The chat-app routes of the command API: template sync (docs/api/chat-app.md, Sync) and template send (docs/api/chat-app.md, Send), over the
 * chat-app client the composition root gives, and the platform's status webhook (receipts).
 */
export const messagingCommandRoutes = (deps: MessagingCommandDeps, client: ChatAppClient): Router => {
  const router = new Router();
  templateSyncRoute(router, deps, client);
  templateSendRoute(router, deps, templateLookup(deps, client));
  statusWebhookRoute(router, deps);
  return router;
};
