import type { Middleware } from 'koa';
import { AccountDirectory } from '@support/domain';
import { problem } from './problem';

interface AuthOptions {
  /** Message of the 403 for a token that is not valid (docs/api/README.md, Authentication: "Not authorized", or "Invalid token" for resources). */
  readonly invalidTokenMessage?: string;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer <token>` header, or null. */
export const bearerToken = (header: string): string | null => BEARER.exec(header)?.[1] ?? null;

/**
 * Resolves `Authorization: Bearer <token>` to account, user and role (ctx.state.principal).
 * No usable Bearer credentials: 401. A token that is not valid for any account: 403.
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
  const principal = directory().principalForToken(token);
  if (principal === null) throw problem(403, options.invalidTokenMessage ?? 'Not authorized');
  ctx.state.principal = principal;
  await next();
};
