import Router from '@koa/router';
import { whatsAppCloudClient } from '@support/adapters';
import { ChatAppClient } from '@support/domain';
import { MessagingCommandDeps } from './messaging-deps';
import { templateLookup } from './template-lookup';
import { templateSendRoute } from './template-send-route';
import { templateSyncRoute } from './template-sync-route';

/** The chat-app routes of the command API: template sync (4.5) and template send (4.6). */
export const messagingCommandRoutes = (deps: MessagingCommandDeps, client: ChatAppClient = whatsAppCloudClient(deps.fetch)): Router => {
  const router = new Router();
  templateSyncRoute(router, deps, client);
  templateSendRoute(router, deps, templateLookup(deps, client));
  return router;
};
