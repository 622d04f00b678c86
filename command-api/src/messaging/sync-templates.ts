import * as E from 'fp-ts/Either';
import {
  ChatAppClient, CommandContext, MessageTemplate, Principal, READ_YOUR_WRITES_MS, TEMPLATES_PROJECTION, TemplateSyncEvent, templateSyncStream, toSpecTemplate,
} from '@support/domain';
import { recordFact } from '@support/event-sourcing';
import { MessagingCommandDeps } from './messaging-deps';
import { syncFailureReason } from './sync-failure-reason';

/** A sync that read every page: the templates in the form docs/api/chat-app.md shows. */
interface SyncedTemplates {
  readonly templates: readonly MessageTemplate[];
  readonly syncedAt: string;
  readonly pages: number;
}

/** A sync that did not get the templates: `reason` is safe to show the caller (no token, no platform payload). */
interface SyncFailed {
  readonly reason: string;
}

/** A sync's outcome, after those before it on the account's sync stream. */
const record = (deps: MessagingCommandDeps, context: CommandContext, event: TemplateSyncEvent) =>
  recordFact(deps, templateSyncStream(context.accountId), event, context, 'any');

/**
 * Reads every page of the account's templates from the platform and records the sync (or its
 * failure) as an event on template_sync-<account>, then waits for the "templates" read model
 * (read your writes). Used by template sync (docs/api/chat-app.md, Sync) and by template send for a template the last
 * sync does not know.
 */
export const syncTemplates = async (deps: MessagingCommandDeps, client: ChatAppClient, principal: Principal, context: CommandContext): Promise<E.Either<SyncFailed, SyncedTemplates>> => {
  const chatApp = principal.account.chatApp;
  const failed = async (reason: string, extra: { kind: string; httpStatus?: number; platformCode?: string; platformMessage?: string }) => {
    await record(deps, context, { type: 'TemplateSyncFailed', data: { accountId: context.accountId, failedAt: context.now.toISOString(), reason, ...extra } });
    deps.logger.warn('template sync failed', { requestId: context.requestId, accountId: context.accountId, kind: extra.kind, httpStatus: extra.httpStatus, platformCode: extra.platformCode });
    return E.left({ reason });
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
  return E.right({ templates, syncedAt, pages: listed.right.pages });
};
