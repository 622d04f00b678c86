import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import type { Context } from 'koa';
import {
  checkWebhookUrl, CreateWebhookRequest, decodeRequest, Principal, ReplayWebhookRequest, UpdateWebhookRequest, webhookSecret, webhookView,
  WEBHOOK_MANAGERS_ONLY, WEBHOOKS_PATH,
} from '@support/domain';
import { authenticate, HttpProblem, noAgents, ok, problem, respond } from '@support/http-edge';
import { commandContext } from '../shared/command-context';
import { decideOnSubscription, subscriptionOfAccount, webhookNotFound } from './handle-subscription';
import { pingSubscription } from './ping-subscription';
import { replayStart } from './replay-start';
import { WebhookCommandDeps } from './webhook-deps';

/** The URL as a subscription may keep it: not the service itself, the scheme, host and port rules, then every address it resolves to. */
const checkTarget = async (deps: WebhookCommandDeps, url: string): Promise<E.Either<HttpProblem, string>> => {
  const checked = checkWebhookUrl(url, deps.webhooks);
  if (E.isLeft(checked)) return E.left(problem(400, checked.left));
  const target = await deps.webhooks.transport.checkTarget(checked.right);
  return target.ok ? E.right(checked.right) : E.left(problem(400, `url is refused: ${target.reason}`));
};

const bodyOf = (ctx: Context): unknown => (ctx.state.bodyPresent ? ctx.request.body : {});

/**
 * Webhook subscriptions (an addition to the spec): POST /apis/webhooks, PATCH and DELETE
 * /apis/webhooks/{id}, POST .../rotate-secret, .../ping and .../replay. Every change is an event
 * of the subscription's stream `webhook-<id>`; the signing secret is shown once, when made or
 * rotated, and never stored (it is derived from the service's webhook key).
 */
export const webhookCommandRoutes = (deps: WebhookCommandDeps): Router => {
  const router = new Router();
  const guard = [authenticate(deps.directory), noAgents(WEBHOOK_MANAGERS_ONLY)] as const;
  const now = () => deps.clock.now();

  router.post(WEBHOOKS_PATH, ...guard, async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const decoded = decodeRequest(CreateWebhookRequest, bodyOf(ctx));
    if (E.isLeft(decoded)) return respond(ctx, E.left(problem(400, decoded.left.message)));
    const url = await checkTarget(deps, decoded.right.url);
    if (E.isLeft(url)) return respond(ctx, url);
    const id = deps.newId();
    const at = now();
    const made = await decideOnSubscription(deps, id, {
      type: 'CreateSubscription', subscriptionId: id, accountId: principal.accountId, url: url.right, eventTypes: decoded.right.eventTypes,
      description: decoded.right.description ?? null, byId: principal.tokenId, at: at.toISOString(),
    }, commandContext(ctx, principal, at));
    if (E.isLeft(made)) return respond(ctx, made);
    deps.logger.info('webhook subscription created', { requestId: ctx.state.requestId, accountId: principal.accountId, subscriptionId: id });
    respond(ctx, ok({ ...webhookView(made.right.doc!), secret: webhookSecret(deps.webhooks.key, id, 1) }, 201));
  });

  router.patch(`${WEBHOOKS_PATH}/:id`, ...guard, async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const id = ctx.params.id;
    if ((await subscriptionOfAccount(deps, principal.accountId, id)) === null) return respond(ctx, E.left(webhookNotFound(id)));
    const decoded = decodeRequest(UpdateWebhookRequest, bodyOf(ctx));
    if (E.isLeft(decoded)) return respond(ctx, E.left(problem(400, decoded.left.message)));
    let url: string | undefined;
    if (decoded.right.url !== undefined) {
      const checked = await checkTarget(deps, decoded.right.url);
      if (E.isLeft(checked)) return respond(ctx, checked);
      url = checked.right;
    }
    const at = now();
    const { url: _raw, ...rest } = decoded.right;
    const changed = await decideOnSubscription(deps, id, {
      type: 'UpdateSubscription', ...rest, ...(url !== undefined ? { url } : {}), byId: principal.tokenId, at: at.toISOString(),
    }, commandContext(ctx, principal, at));
    if (E.isLeft(changed)) return respond(ctx, changed);
    respond(ctx, ok(webhookView(changed.right.doc!)));
  });

  router.delete(`${WEBHOOKS_PATH}/:id`, ...guard, async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const id = ctx.params.id;
    if ((await subscriptionOfAccount(deps, principal.accountId, id)) === null) return respond(ctx, E.left(webhookNotFound(id)));
    const at = now();
    const deleted = await decideOnSubscription(deps, id, { type: 'DeleteSubscription', byId: principal.tokenId, at: at.toISOString() }, commandContext(ctx, principal, at));
    if (E.isLeft(deleted)) return respond(ctx, deleted);
    respond(ctx, ok({ success: true, id, deleted: true }));
  });

  router.post(`${WEBHOOKS_PATH}/:id/rotate-secret`, ...guard, async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const id = ctx.params.id;
    if ((await subscriptionOfAccount(deps, principal.accountId, id)) === null) return respond(ctx, E.left(webhookNotFound(id)));
    const at = now();
    const rotated = await decideOnSubscription(deps, id, { type: 'RotateSecret', byId: principal.tokenId, at: at.toISOString() }, commandContext(ctx, principal, at));
    if (E.isLeft(rotated)) return respond(ctx, rotated);
    const event = rotated.right.events.find((e) => e.type === 'WebhookSecretRotated');
    if (event?.type !== 'WebhookSecretRotated') throw new Error('a secret rotation decided no WebhookSecretRotated');
    respond(ctx, ok({
      ...webhookView(rotated.right.doc!),
      secret: webhookSecret(deps.webhooks.key, id, event.data.secretVersion),
      previousSecretValidUntil: event.data.previousSecretValidUntil,
    }));
  });

  router.post(`${WEBHOOKS_PATH}/:id/ping`, ...guard, async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const doc = await subscriptionOfAccount(deps, principal.accountId, ctx.params.id);
    if (doc === null) return respond(ctx, E.left(webhookNotFound(ctx.params.id)));
    respond(ctx, ok(await pingSubscription(deps, doc, commandContext(ctx, principal, now()))));
  });

  router.post(`${WEBHOOKS_PATH}/:id/replay`, ...guard, async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const doc = await subscriptionOfAccount(deps, principal.accountId, ctx.params.id);
    if (doc === null) return respond(ctx, E.left(webhookNotFound(ctx.params.id)));
    const decoded = decodeRequest(ReplayWebhookRequest, bodyOf(ctx));
    if (E.isLeft(decoded)) return respond(ctx, E.left(problem(400, decoded.left.message)));
    const start = replayStart(decoded.right, doc.eventTypes);
    if (E.isLeft(start)) return respond(ctx, E.left(problem(400, start.left)));
    const at = now();
    const replayId = deps.newId();
    const requested = await decideOnSubscription(deps, doc._id, {
      type: 'RequestReplay', replayId, ...start.right, byId: principal.tokenId, at: at.toISOString(),
    }, commandContext(ctx, principal, at));
    if (E.isLeft(requested)) return respond(ctx, requested);
    respond(ctx, ok({
      success: true, replayId, ...start.right, status: 'queued',
      deliveriesUrl: `${WEBHOOKS_PATH}/${doc._id}/deliveries?replayId=${replayId}`,
    }, 202));
  });

  return router;
};
