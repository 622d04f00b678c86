import type { Middleware } from 'koa';
import { AccountDirectory } from '@support/domain';
import { problem } from './problem';
import { tokenRefusal } from './token-refusal';

interface AuthOptions {
  /** Message of the 403 for a token that is not valid (docs/api/README.md, Authentication: "Not authorized", or "Invalid token" for resources). */
  readonly invalidTokenMessage?: string;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer <token>` header, or null. */
export const bearerToken = (header: string): string | null => BEARER.exec(header)?.[1] ?? null;

/**
 * Resolves `Authorization: Bearer <token>` to account, user and role (ctx.state.principal).
 * No usable Bearer credentials, or a token revoked or expired: 401. A token that is not valid for
 * any account, of a suspended account, or without the scope of the route: 403 (token-refusal.ts).
 */
export const authenticate = (directory: () => AccountDirectory, options: AuthOptions = {}): Middleware => async (ctx, next) => {
  const header = ctx.get('Authorization');
  const token = bearerToken(header);
  if (token === null) {
    throw problem(
      401,
      header === ''
        ? 'No valid Bearer token or authenticated app session was supplied: send the header Authorization: Bearer <ACCESS_TOKEN>'
        : 'The Authorization header is not a Bearer token: send Authorization: Bearer <ACCESS_TOKEN>',
      {},
      { 'WWW-Authenticate': 'Bearer' },
    );
  }
  const checked = directory().checkToken(token, new Date());
  const refused = tokenRefusal(checked, ctx.method, ctx.path, options.invalidTokenMessage ?? 'Not authorized');
  if (refused !== null || checked.kind !== 'valid') throw refused;
  ctx.state.principal = checked.principal;
  await next();
};
