import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, ok, problem, respond } from '@support/adapters';
import {
  decodeRequest, internalSendError, MessageTemplate, Principal, SendFailure, TEMPLATES_COLLECTION, TemplateSendRequest, validateTemplateSend,
} from '@support/domain';
import { commandContext } from './command-context';
import { MessagingCommandDeps } from './messaging-deps';
import { queueTemplateMessage } from './queue-template-message';

export const TEMPLATE_SEND_PATH = '/apis/chatapp/template-send';
export const MESSAGE_STATUS_PATH = '/apis/chatapp/messages';

const failure = (error: SendFailure) => ok({ status: 'failure', error });

/** The templates of the account's last successful sync, or null when it never synced. */
const lastSyncedTemplates = async (deps: MessagingCommandDeps, accountId: string): Promise<readonly MessageTemplate[] | null> => {
  const doc = await deps.readStore.collection<{ _id: string; templates?: MessageTemplate[] }>(TEMPLATES_COLLECTION).findOne({ _id: accountId });
  return doc?.templates ?? null;
};

/**
 * POST /apis/chatapp/template-send (spec 4.6). Unknown top-level keys and wrongly typed optional
 * fields are 400; the spec's own failures (7001, 7002, 7004) are HTTP 200 with status "failure";
 * success once the message is recorded as queued (delivery is asynchronous).
 */
export const templateSendRoute = (router: Router, deps: MessagingCommandDeps): void => {
  router.post(TEMPLATE_SEND_PATH, authenticate(deps.directory), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const decoded = decodeRequest(TemplateSendRequest, ctx.state.bodyPresent ? ctx.request.body : undefined);
    if (E.isLeft(decoded)) {
      respond(ctx, E.left(problem(400, ctx.state.bodyPresent ? decoded.left.message : 'A JSON body is required: { "to": "+14155550123", "template": { "name": "...", "language": { "code": "en_US" } } }')));
      return;
    }
    try {
      const context = commandContext(ctx, deps.clock);
      const valid = validateTemplateSend(decoded.right, principal.account, await lastSyncedTemplates(deps, principal.accountId));
      if (E.isLeft(valid)) {
        respond(ctx, failure(valid.left));
        return;
      }
      const queued = await queueTemplateMessage(deps, valid.right, context);
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
