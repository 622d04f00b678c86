import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, HttpAnswer, HttpProblem, ok, respond } from '@support/adapters';
import {
  ChatAppClient, CommandContext, MessageTemplate, Principal, TEMPLATES_PROJECTION, TemplateSyncEvent, templateSyncStream, toSpecTemplate,
} from '@support/domain';
import { toEventData } from '@support/domain';
import { commandContext } from './command-context';
import { MessagingCommandDeps, READ_YOUR_WRITES_MS } from './messaging-deps';
import { syncFailureReason } from './sync-failure-reason';

export const TEMPLATE_SYNC_PATH = '/apis/chatapp/template-sync';
/** Spec 4.5: the error text of a failed retrieval. */
export const TEMPLATE_SYNC_ERROR = 'failed to fetch the chat-app templates';

const syncProblem = (message: string): HttpProblem => ({ kind: 'HttpProblem', status: 500, body: { error: TEMPLATE_SYNC_ERROR, message } });

const record = (deps: MessagingCommandDeps, context: CommandContext, event: TemplateSyncEvent) =>
  deps.eventStore.appendToStream(templateSyncStream(context.accountId), [toEventData(event, context, deps.newId)], { expectedRevision: 'any' });

/**
 * Reads every page of the account's templates from the platform, records the sync (or its
 * failure) as an event, waits for the "templates" read model and answers them in the form of 2.6.
 */
const syncTemplates = async (deps: MessagingCommandDeps, client: ChatAppClient, principal: Principal, context: CommandContext): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const chatApp = principal.account.chatApp;
  const failed = async (reason: string, extra: { kind: string; httpStatus?: number; platformCode?: string; platformMessage?: string }) => {
    await record(deps, context, { type: 'TemplateSyncFailed', data: { accountId: context.accountId, failedAt: context.now.toISOString(), reason, ...extra } });
    deps.logger.warn('template sync failed', { requestId: context.requestId, accountId: context.accountId, kind: extra.kind, httpStatus: extra.httpStatus, platformCode: extra.platformCode });
    return E.left(syncProblem(reason));
  };
  if (!chatApp) return failed('The chat app (WhatsApp) is not configured for this account: add chatApp to its configuration', { kind: 'configuration' });

  const listed = await client.listTemplates(chatApp);
  if (E.isLeft(listed)) {
    const f = listed.left;
    return failed(syncFailureReason(f), {
      kind: f.kind,
      ...(f.httpStatus !== undefined ? { httpStatus: f.httpStatus } : {}),
      ...(f.kind === 'platform' ? { platformCode: f.code, platformMessage: f.message } : {}),
    });
  }
  const templates = listed.right.items.map(toSpecTemplate).filter((x): x is MessageTemplate => x !== null);
  const syncedAt = context.now.toISOString();
  const appended = await record(deps, context, { type: 'TemplatesSynced', data: { accountId: context.accountId, syncedAt, pages: listed.right.pages, templates } });
  if (E.isLeft(appended)) throw new Error('appending a template sync with expected revision "any" was refused');
  await deps.progress.waitFor([TEMPLATES_PROJECTION], appended.right.position, READ_YOUR_WRITES_MS);
  return ok({ data: templates, syncedAt, pages: listed.right.pages });
};

/** POST /apis/chatapp/template-sync (spec 4.5). No body; the account comes from the token. */
export const templateSyncRoute = (router: Router, deps: MessagingCommandDeps, client: ChatAppClient): void => {
  router.post(TEMPLATE_SYNC_PATH, authenticate(deps.directory), async (ctx) => {
    try {
      respond(ctx, await syncTemplates(deps, client, ctx.state.principal as Principal, commandContext(ctx, deps.clock)));
    } catch (e) {
      deps.logger.error('template sync crashed', { requestId: ctx.state.requestId, errorName: (e as Error).name, errorMessage: (e as Error).message });
      respond(ctx, E.left(syncProblem('An unexpected server error stopped the sync; try again later')));
    }
  });
};
