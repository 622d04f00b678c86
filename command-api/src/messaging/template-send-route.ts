import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, contention, ok, problem, respond } from '@support/http-edge';
import {
  checkAgainstTemplates, checkSendRequest, decodeRequest, internalSendError, Principal, SendFailure, TemplateSendRequest,
} from '@support/domain';
import { commandContext } from '../shared/command-context';
import { MessagingCommandDeps } from './messaging-deps';
import { queueTemplateMessage } from './queue-template-message';
import { TemplateLookup } from './template-lookup';

const TEMPLATE_SEND_PATH = '/apis/chatapp/template-send';
const MESSAGE_STATUS_PATH = '/apis/chatapp/messages';

const failure = (error: SendFailure) => ok({ status: 'failure', error });

/**
 * POST /apis/chatapp/template-send (docs/api/chat-app.md, Send). Unknown top-level keys and wrongly typed optional
 * fields are 400; the spec's own failures (7001, 7002, 7004) are HTTP 200 with status "failure".
 * Checks: shape, recipient, sender; then the template as the account's last template sync has it
 * (never the platform inside the request), with the body parameters given the template's names. Success once the message is recorded as queued (delivery is asynchronous).
 */
export const templateSendRoute = (router: Router, deps: MessagingCommandDeps, lookup: TemplateLookup): void => {
  router.post(TEMPLATE_SEND_PATH, authenticate(deps.directory), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const decoded = decodeRequest(TemplateSendRequest, ctx.state.bodyPresent ? ctx.request.body : undefined);
    if (E.isLeft(decoded)) {
      respond(ctx, E.left(problem(400, ctx.state.bodyPresent ? decoded.left.message : 'A JSON body is required: { "to": "+14155550123", "template": { "name": "...", "language": { "code": "en_US" } } }')));
      return;
    }
    try {
      const context = commandContext(ctx, principal, deps.clock.now());
      const checked = checkSendRequest(decoded.right, principal.account);
      if (E.isLeft(checked)) return respond(ctx, failure(checked.left));
      const templates = await lookup(principal, context, checked.right.template);
      if (E.isLeft(templates)) return respond(ctx, failure(templates.left));
      const valid = checkAgainstTemplates(checked.right, templates.right);
      if (E.isLeft(valid)) return respond(ctx, failure(valid.left));
      const queuedOrNot = await queueTemplateMessage(deps, valid.right, context);
      if (E.isLeft(queuedOrNot)) return respond(ctx, E.left(contention('message')));
      const queued = queuedOrNot.right;
      respond(ctx, ok({
        status: 'success',
        messageId: queued.messageId,
        ...(valid.right.msgId !== undefined ? { msg_id: valid.right.msgId } : {}),
        duplicate: queued.duplicate,
        delivery: 'queued',
        statusUrl: `${MESSAGE_STATUS_PATH}/${queued.messageId}`,
      }));
    } catch (e) {
      deps.logger.error('template send crashed', { requestId: ctx.state.requestId, accountId: principal.accountId, errorName: (e as Error).name, errorMessage: (e as Error).message });
      respond(ctx, failure(internalSendError()));
    }
  });
};
