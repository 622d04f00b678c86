import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { problem, tokenRefusal } from '@support/http-edge';
import { AccountDirectory } from '@support/domain';
import { AdminScope } from './admin-scope';

interface AdminAccessDeps {
  readonly directory: () => AccountDirectory;
  /** OPERATOR_TOKEN: every account. Unset: only account admins, each over its own account. */
  readonly operatorToken?: string;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * Read-only admin routes: `Authorization: Bearer` with the operator token (every account) or the
 * access token of an account's admin user (that account). No usable Bearer credentials: 401;
 * a token that is not valid: 403 `Not authorized`; a valid token of a user who is not an admin:
 * 403 saying so. Sets ctx.state.adminScope (and ctx.state.principal for an account admin).
 */
export const adminAccess = (deps: AdminAccessDeps): Middleware => {
  const operator = deps.operatorToken !== undefined ? sha256(deps.operatorToken) : null;
  return async (ctx, next) => {
    const match = BEARER.exec(ctx.get('Authorization'));
    if (!match) {
      throw problem(401, 'No valid Bearer token was supplied: send Authorization: Bearer <OPERATOR_TOKEN or an account admin\'s access token>', {}, { 'WWW-Authenticate': 'Bearer' });
    }
    const presented = sha256(match[1]);
    let scope: AdminScope;
    if (operator !== null && timingSafeEqual(presented, operator)) {
      scope = { kind: 'operator' };
    } else {
      const checked = deps.directory().checkToken(match[1], new Date());
      if (checked.kind === 'valid' && checked.principal.role !== 'admin') throw problem(403, 'Only account admins (or the operator token) may use the admin routes');
      // Unknown, revoked, expired, a suspended account, or an admin's token without the admin scope.
      const refused = tokenRefusal(checked, ctx.method, ctx.path, 'Not authorized');
      if (refused !== null || checked.kind !== 'valid') throw refused;
      scope = { kind: 'account', accountId: checked.principal.accountId };
      ctx.state.principal = checked.principal;
    }
    ctx.state.adminScope = scope;
    await next();
  };
};
