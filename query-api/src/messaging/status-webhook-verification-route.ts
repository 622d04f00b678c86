import Router from '@koa/router';
import { createHash, timingSafeEqual } from 'node:crypto';
import * as E from 'fp-ts/Either';
import { problem, respond } from '@support/http-edge';
import { MessageQueryDeps } from './message-query-deps';

const STATUS_WEBHOOK_VERIFICATION_PATH = '/apis/chatapp/webhooks/whatsapp';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * GET /apis/chatapp/webhooks/whatsapp: Meta's check when the status webhook is registered
 * (`hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`): the challenge is answered as plain
 * text when the token is the webhookVerifyToken of an account's chatApp (compared in constant
 * time); anything else is 403. An addition to the spec.
 */
export const statusWebhookVerificationRoute = (router: Router, deps: MessageQueryDeps): void => {
  router.get(STATUS_WEBHOOK_VERIFICATION_PATH, (ctx) => {
    const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = ctx.query;
    if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string' || challenge === '') {
      return respond(ctx, E.left(problem(400, 'Send hub.mode=subscribe, hub.verify_token and hub.challenge, as Meta does when the webhook is registered')));
    }
    const presented = digest(token);
    const known = deps.directory().accounts.some((a) => a.chatApp?.webhookVerifyToken !== undefined && timingSafeEqual(digest(a.chatApp.webhookVerifyToken), presented));
    if (!known) return respond(ctx, E.left(problem(403, 'hub.verify_token is not the webhookVerifyToken of any account\'s chatApp')));
    ctx.type = 'text/plain';
    ctx.body = challenge;
  });
};
