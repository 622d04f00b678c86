import * as E from 'fp-ts/Either';
import {
  ChatAppClient, CommandContext, MessageTemplate, Principal, SendFailure, TEMPLATES_COLLECTION, TemplateShape, templateNotChecked, templatesKnow,
} from '@support/domain';
import { MessagingCommandDeps } from './messaging-deps';
import { syncTemplates } from './sync-templates';

/** The templates a send is checked against, or why they could not be had. */
export type TemplateLookup = (principal: Principal, context: CommandContext, template: TemplateShape) => Promise<E.Either<SendFailure, readonly MessageTemplate[]>>;

/** The templates of the account's last successful sync, or null when it never synced. */
const lastSyncedTemplates = async (deps: MessagingCommandDeps, accountId: string): Promise<readonly MessageTemplate[] | null> => {
  const doc = await deps.readModels.get<{ _id: string; templates?: MessageTemplate[] }>(TEMPLATES_COLLECTION, accountId);
  return doc?.templates ?? null;
};

/**
 * The last sync when it knows the template (name, and language when one is asked for);
 * otherwise the platform is asked now (a sync, recorded like any other), so a template is never
 * queued unchecked. Sends of one account that need the platform at the same time share one sync.
 */
export const templateLookup = (deps: MessagingCommandDeps, client: ChatAppClient): TemplateLookup => {
  const inFlight = new Map<string, ReturnType<typeof syncTemplates>>();
  const syncOnce = (principal: Principal, context: CommandContext) => {
    let pending = inFlight.get(principal.accountId);
    if (!pending) {
      pending = syncTemplates(deps, client, principal, context).finally(() => inFlight.delete(principal.accountId));
      inFlight.set(principal.accountId, pending);
    }
    return pending;
  };
  return async (principal, context, template) => {
    // A sync under way for the account is waited for: the read model then shows what it found.
    await inFlight.get(principal.accountId)?.catch(() => undefined);
    const synced = await lastSyncedTemplates(deps, principal.accountId);
    if (templatesKnow(template, synced)) return E.right(synced ?? []);
    const fresh = await syncOnce(principal, context);
    if (E.isLeft(fresh)) {
      return E.left(templateNotChecked(`template "${template.name}" is not in the last template sync and the messaging platform could not be asked for it (${fresh.left.reason}); nothing was queued`));
    }
    deps.logger.info('templates looked up for a send', { requestId: context.requestId, accountId: principal.accountId, templates: fresh.right.templates.length });
    return E.right(fresh.right.templates);
  };
};
