import * as E from 'fp-ts/Either';
import {
  ChatAppClient, CommandContext, invalidTemplate, MessageTemplate, Principal, SendFailure, TEMPLATES_COLLECTION, TemplateShape, templateLanguageCode, templatesKnow,
} from '@support/domain';
import { MessagingCommandDeps } from './messaging-deps';
import { syncTemplates } from './sync-templates';

/** The templates a send is checked against, or why the send is refused before that. */
export type TemplateLookup = (principal: Principal, context: CommandContext, template: TemplateShape) => Promise<E.Either<SendFailure, readonly MessageTemplate[]>>;

interface LastSync {
  readonly templates: readonly MessageTemplate[];
  readonly syncedAt: string | null;
}

/** The templates of the account's last successful sync, or null when it never synced. */
const lastSync = async (deps: MessagingCommandDeps, accountId: string): Promise<LastSync | null> => {
  const doc = await deps.readModels.get<{ _id: string; templates?: MessageTemplate[]; syncedAt?: string }>(TEMPLATES_COLLECTION, accountId);
  return doc?.templates ? { templates: doc.templates, syncedAt: doc.syncedAt ?? null } : null;
};

/** What the last sync lacks: the template, or the requested translation of it. */
const missing = (template: TemplateShape, synced: LastSync | null): string => {
  const languages = (synced?.templates ?? []).filter((t) => t.name === template.name).map((t) => templateLanguageCode(t.language) ?? 'no language');
  if (languages.length > 0) return `template "${template.name}" has no ${template.languageCode} translation in the last template sync (available: ${languages.join(', ')})`;
  return `template "${template.name}" is not in the last template sync`;
};

/** 7001 naming what the last sync does not have, and what the caller can do. */
const notInLastSync = (template: TemplateShape, synced: LastSync | null): SendFailure => invalidTemplate(
  `${missing(template, synced)} (${synced?.syncedAt ? `synced at ${synced.syncedAt}` : 'this account never synced its templates'}); `
  + 'a template sync has been started: send again once POST /apis/chatapp/template-sync lists it. Nothing was queued',
);

/**
 * A send is checked against the account's last template sync, never against the platform inside
 * the request: a send answers at once whatever the platform does. A template the last sync does
 * not know (never synced, or added on the platform since) is refused at once with 7001, and one
 * sync of the account is started in the background (recorded like any other; sends arriving while
 * it runs share it), so that the same send succeeds once the platform has answered.
 */
export const templateLookup = (deps: MessagingCommandDeps, client: ChatAppClient): TemplateLookup => {
  const inFlight = new Set<string>();
  const syncInBackground = (principal: Principal, context: CommandContext) => {
    if (inFlight.has(principal.accountId)) return;
    inFlight.add(principal.accountId);
    void syncTemplates(deps, client, principal, context)
      .then((outcome) => {
        if (E.isRight(outcome)) deps.logger.info('templates synced for a send', { requestId: context.requestId, accountId: principal.accountId, templates: outcome.right.templates.length });
      })
      .catch((e: Error) => deps.logger.error('template sync for a send crashed', { requestId: context.requestId, accountId: principal.accountId, errorName: e.name, errorMessage: e.message }))
      .finally(() => inFlight.delete(principal.accountId));
  };
  return async (principal, context, template) => {
    const synced = await lastSync(deps, principal.accountId);
    if (synced && templatesKnow(template, synced.templates)) return E.right(synced.templates);
    syncInBackground(principal, context);
    return E.left(notInLastSync(template, synced));
  };
};
