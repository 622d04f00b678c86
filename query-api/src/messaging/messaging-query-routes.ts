import Router from '@koa/router';
import { messageByMsgIdRoute } from './message-by-msg-id-route';
import { MessageQueryDeps } from './message-query-deps';
import { messageStatusRoute } from './message-status-route';
import { statusWebhookVerificationRoute } from './status-webhook-verification-route';

/** The chat-app message status routes of the query API, and the check of the platform's status webhook (additions to the spec). */
export const messagingQueryRoutes = (deps: MessageQueryDeps): Router => {
  const router = new Router();
  messageByMsgIdRoute(router, deps);
  messageStatusRoute(router, deps);
  statusWebhookVerificationRoute(router, deps);
  return router;
};
