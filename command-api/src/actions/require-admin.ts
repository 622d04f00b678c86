import type { Middleware } from 'koa';
import { problem } from '@support/adapters';
import { Principal } from '@support/domain';

/**
 * Spec 5.5: execute actions accept only access tokens and account admins. A token that belongs
 * to a user who is not an admin is refused (403) before it can use up the account's rate limit.
 */
export const requireAdmin = (): Middleware => async (ctx, next) => {
  const principal = ctx.state.principal as Principal;
  if (principal.role !== null && principal.role !== 'admin') {
    throw problem(403, 'Only account admins may run execute actions: use an access token of an admin user', { success: false });
  }
  await next();
};
