import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, ok, problem, respond } from '@support/http-edge';
import { MESSAGES_COLLECTION, Principal } from '@support/domain';
import { MESSAGES_PATH, messageNotFound } from './message-status-route';
import { MessageQueryDeps } from './message-query-deps';
import { MessageDocument, messageView } from './message-view';

/** GET /apis/chatapp/messages?msg_id=...: the message queued under the caller's msg_id, in the token's account. */
export const messageByMsgIdRoute = (router: Router, deps: MessageQueryDeps): void => {
  router.get(MESSAGES_PATH, authenticate(deps.directory), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const unknown = Object.keys(ctx.query).filter((k) => k !== 'msg_id');
    const msgId = ctx.query.msg_id;
    if (unknown.length > 0) return respond(ctx, E.left(problem(400, `Unknown query parameter "${unknown[0]}": only msg_id is accepted`)));
    if (typeof msgId !== 'string' || msgId === '') return respond(ctx, E.left(problem(400, 'msg_id is required: GET /apis/chatapp/messages?msg_id=<your message id>')));
    const [doc] = await deps.readModels.find<MessageDocument>(MESSAGES_COLLECTION, { where: { accountId: principal.accountId, msgId }, limit: 1 });
    respond(ctx, doc !== undefined ? ok(messageView(doc)) : E.left(messageNotFound()));
  });
};
