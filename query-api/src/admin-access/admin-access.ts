import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { problem } from '@support/http-edge';
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
    const principal = deps.directory().principalForToken(match[1]);
    let scope: AdminScope;
    if (operator !== null && timingSafeEqual(presented, operator)) {
      scope = { kind: 'operator' };
    } else if (principal === null) {
      throw problem(403, 'Not authorized');
    } else if (principal.role !== 'admin') {
      throw problem(403, 'Only account admins (or the operator token) may use the admin routes');
    } else {
      scope = { kind: 'account', accountId: principal.accountId };
      ctx.state.principal = principal;
    }
    ctx.state.adminScope = scope;
    await next();
  };
};
