import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, noAgents, ok, problem, respond } from '@support/http-edge';
import {
  AccountDirectory, Principal, ReadModels, WEBHOOK_SUBSCRIPTIONS_COLLECTION, WEBHOOK_MANAGERS_ONLY, webhookNotFoundMessage, WebhookSubscriptionDocument, webhookView, WEBHOOKS_PATH,
} from '@support/domain';
import { deliveriesPage } from './deliveries-page';

interface WebhookQueryDeps {
  readonly directory: () => AccountDirectory;
  readonly readModels: ReadModels;
}

const notFound = (id: string) => problem(404, webhookNotFoundMessage(id));

/** GET /apis/webhooks, /apis/webhooks/{id} and /apis/webhooks/{id}/deliveries (an addition to the spec). */
export const webhookQueryRoutes = (deps: WebhookQueryDeps): Router => {
  const router = new Router();
  const guard = [authenticate(deps.directory), noAgents(WEBHOOK_MANAGERS_ONLY)] as const;
  const ofAccount = async (accountId: string, id: string) => {
    const doc = await deps.readModels.get<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, id);
    return doc !== null && doc.accountId === accountId ? doc : null;
  };

  router.get(WEBHOOKS_PATH, ...guard, async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const docs = await deps.readModels.find<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, {
      where: { accountId: principal.accountId }, sort: { createdAt: 1 },
    });
    respond(ctx, ok({ data: docs.map(webhookView) }));
  });

  router.get(`${WEBHOOKS_PATH}/:id`, ...guard, async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const doc = await ofAccount(principal.accountId, ctx.params.id);
    respond(ctx, doc === null ? E.left(notFound(ctx.params.id)) : ok(webhookView(doc)));
  });

  router.get(`${WEBHOOKS_PATH}/:id/deliveries`, ...guard, async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const doc = await ofAccount(principal.accountId, ctx.params.id);
    if (doc === null) return respond(ctx, E.left(notFound(ctx.params.id)));
    const page = await deliveriesPage(deps.readModels, doc._id, ctx.query);
    respond(ctx, E.isLeft(page) ? E.left(problem(400, page.left)) : ok(page.right));
  });

  return router;
};
