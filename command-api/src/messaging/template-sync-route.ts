import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, HttpProblem, ok, respond } from '@support/http-edge';
import { ChatAppClient, Principal } from '@support/domain';
import { commandContext } from '../shared/command-context';
import { MessagingCommandDeps } from './messaging-deps';
import { syncTemplates } from './sync-templates';

const TEMPLATE_SYNC_PATH = '/apis/chatapp/template-sync';
/** docs/api/chat-app.md (Sync): the error text of a failed retrieval. */
const TEMPLATE_SYNC_ERROR = 'failed to fetch the chat-app templates';

const syncProblem = (message: string): HttpProblem => ({ kind: 'HttpProblem', status: 500, body: { error: TEMPLATE_SYNC_ERROR, message } });

/** POST /apis/chatapp/template-sync (docs/api/chat-app.md, Sync). No body; the account comes from the token. Answers the templates in the form docs/api/chat-app.md shows. */
export const templateSyncRoute = (router: Router, deps: MessagingCommandDeps, client: ChatAppClient): void => {
  router.post(TEMPLATE_SYNC_PATH, authenticate(deps.directory), async (ctx) => {
    try {
      const synced = await syncTemplates(deps, client, ctx.state.principal as Principal, commandContext(ctx, ctx.state.principal as Principal, deps.clock.now()));
      respond(ctx, E.isLeft(synced) ? E.left(syncProblem(synced.left.reason)) : ok({ data: synced.right.templates, syncedAt: synced.right.syncedAt, pages: synced.right.pages }));
    } catch (e) {
      deps.logger.error('template sync crashed', { requestId: ctx.state.requestId, errorName: (e as Error).name, errorMessage: (e as Error).message });
      respond(ctx, E.left(syncProblem('An unexpected server error stopped the sync; try again later')));
    }
  });
};
