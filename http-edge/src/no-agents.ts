import * as E from 'fp-ts/Either';
import type { Middleware } from 'koa';
import type { Principal } from '@support/domain';
import { problem } from './problem';
import { respond } from './respond';

/** After authenticate: a route for account admins and access tokens without a user; an agent's token answers 403 with `message`. */
export const noAgents = (message: string): Middleware => async (ctx, next) => {
  if ((ctx.state.principal as Principal | undefined)?.role === 'agent') {
    respond(ctx, E.left(problem(403, message)));
    return;
  }
  await next();
};
