import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, ok, problem, respond } from '@support/http-edge';
import { MESSAGES_COLLECTION, Principal } from '@support/domain';
import { MessageQueryDeps } from './message-query-deps';
import { MessageDocument, messageView } from './message-view';

export const MESSAGES_PATH = '/apis/chatapp/messages';

export const messageNotFound = () => problem(404, 'Message not found: no template message with this id was queued with this account');

/** GET /apis/chatapp/messages/{id}: delivery status of one message of the token's account (another account's is 404). */
export const messageStatusRoute = (router: Router, deps: MessageQueryDeps): void => {
  router.get(`${MESSAGES_PATH}/:id`, authenticate(deps.directory), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const doc = await deps.readModels.get<MessageDocument>(MESSAGES_COLLECTION, ctx.params.id);
    respond(ctx, doc !== null && doc.accountId === principal.accountId ? ok(messageView(doc)) : E.left(messageNotFound()));
  });
};
