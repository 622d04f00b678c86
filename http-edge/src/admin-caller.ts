import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { AccountDirectory, Principal } from '@support/domain';
import { bearerToken } from './authenticate';
import { problem } from './problem';
import { tokenRefusal } from './token-refusal';

/** Who makes an admin change: the operator (OPERATOR_TOKEN, every account) or an account admin's token (its own account). */
export type AdminCaller = { readonly kind: 'operator' } | { readonly kind: 'account'; readonly principal: Principal };

interface AdminCallerDeps {
  readonly directory: () => AccountDirectory;
  readonly operatorToken?: string;
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * The admin API's access (docs/api/admin.md): the operator token over every account, or a token
 * with the admin scope over its own account (`:accountId` of the route). `operatorOnly` routes
 * (accounts made, renamed, suspended; operator-only sections) refuse account tokens. Sets
 * ctx.state.adminCaller (and ctx.state.principal for an account's token).
 */
export const adminCaller = (deps: AdminCallerDeps, options: { readonly operatorOnly?: boolean } = {}): Middleware => {
  const operator = deps.operatorToken !== undefined ? sha256(deps.operatorToken) : null;
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('Authorization'));
    if (token === null) throw problem(401, 'No valid Bearer token was supplied: send Authorization: Bearer <OPERATOR_TOKEN or a token with the admin scope>', {}, { 'WWW-Authenticate': 'Bearer' });
    if (operator !== null && timingSafeEqual(sha256(token), operator)) {
      ctx.state.adminCaller = { kind: 'operator' } satisfies AdminCaller;
      return next();
    }
    const checked = deps.directory().checkToken(token, new Date());
    const refused = tokenRefusal(checked, ctx.method, ctx.path, 'Not authorized');
    if (refused !== null || checked.kind !== 'valid') throw refused;
    const { principal } = checked;
    if (options.operatorOnly === true) throw problem(403, `Only the operator (OPERATOR_TOKEN) may ${ctx.method} ${ctx.path}: an account's tokens change their own account's settings and tokens`);
    const accountId = ctx.params?.accountId as string | undefined;
    if (accountId !== undefined && accountId !== principal.accountId) {
      throw problem(403, `This token is of account "${principal.accountId}": it administers that account only, not "${accountId}"`);
    }
    ctx.state.principal = principal;
    ctx.state.adminCaller = { kind: 'account', principal } satisfies AdminCaller;
    return next();
  };
};
