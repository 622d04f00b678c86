import { randomBytes } from 'node:crypto';
import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { checkNewToken, CreateTokenRequest, decodeRequest, TokenCreator } from '@support/domain';
import { adminCaller, AdminCaller, ok, problem, respond } from '@support/http-edge';
import { AdminCommandDeps } from './admin-deps';
import { adminContext, callerId, decideOnAccount } from './decide-on-account';

export const TOKENS_PATH = '/apis/admin/accounts/:accountId/tokens';

/** A new token: 32 random bytes, base64url, after a prefix that secret scanners can look for. */
const newToken = (): string => `sup_${randomBytes(32).toString('base64url')}`;

const creatorOf = (caller: AdminCaller): TokenCreator => (caller.kind === 'operator' ? { kind: 'operator' } : {
  kind: 'token', tokenId: caller.principal.tokenId, userId: caller.principal.user?.id ?? null, scopes: caller.principal.scopes, expiresAt: caller.principal.expiresAt,
});

/**
 * POST /apis/admin/accounts/{accountId}/tokens: a token, shown once in the answer and kept only as
 * its SHA-256 digest (in the AccessTokenCreated event); DELETE .../tokens/{tokenId}: revoked at
 * once (the last admin token of an account cannot revoke itself).
 */
export const tokenRoutes = (router: Router, deps: AdminCommandDeps): void => {
  router.post(TOKENS_PATH, adminCaller(deps), async (ctx) => {
    const caller = ctx.state.adminCaller as AdminCaller;
    const { accountId } = ctx.params;
    const account = deps.directory().account(accountId);
    if (account === undefined) return respond(ctx, E.left(problem(404, `No account "${accountId}"`)));
    const decoded = decodeRequest(CreateTokenRequest, ctx.state.bodyPresent ? ctx.request.body : undefined);
    if (E.isLeft(decoded)) return respond(ctx, E.left(problem(400, decoded.left.message)));
    const now = deps.clock.now();
    const checked = checkNewToken(account, creatorOf(caller), decoded.right, now);
    if (E.isLeft(checked)) return respond(ctx, E.left(problem(checked.left.status, checked.left.message)));
    const token = newToken();
    const tokenId = `tok_${deps.newId()}`;
    const name = decoded.right.name ?? null;
    const at = now.toISOString();
    const made = await decideOnAccount(deps, accountId, {
      type: 'CreateToken', accountId, byId: callerId(caller), at,
      token: { tokenId, name, ...checked.right, sha256: createHash('sha256').update(token, 'utf8').digest('hex') },
    }, adminContext(ctx, caller, accountId, now));
    if (E.isLeft(made)) return respond(ctx, made);
    deps.logger.info('access token created', { requestId: ctx.state.requestId, accountId, tokenId });
    respond(ctx, ok({ id: tokenId, token, ...checked.right, name, createdAt: at }, 201));
  });

  router.delete(`${TOKENS_PATH}/:tokenId`, adminCaller(deps), async (ctx) => {
    const caller = ctx.state.adminCaller as AdminCaller;
    const { accountId, tokenId } = ctx.params;
    if (deps.directory().account(accountId) === undefined) return respond(ctx, E.left(problem(404, `No account "${accountId}"`)));
    const now = deps.clock.now();
    const fileTokens = deps.directory().tokensOf(accountId).filter((t) => t.source === 'configuration').map((t) => ({ tokenId: t.id, scopes: t.scopes, expiresAt: t.expiresAt }));
    const revoked = await decideOnAccount(deps, accountId, {
      type: 'RevokeToken', accountId, byId: callerId(caller), at: now.toISOString(), tokenId, fileTokens, callerTokenId: caller.kind === 'operator' ? null : caller.principal.tokenId,
    }, adminContext(ctx, caller, accountId, now));
    if (E.isLeft(revoked)) return respond(ctx, revoked);
    const event = revoked.right.events.find((e) => e.type === 'AccessTokenRevoked');
    deps.logger.info('access token revoked', { requestId: ctx.state.requestId, accountId, tokenId });
    respond(ctx, ok({ id: tokenId, revoked: true, revokedAt: event?.data.at ?? null }));
  });
};
