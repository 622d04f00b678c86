import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:\-]{1,128}$/;

/** Accepts the caller's X-Request-Id when it is safe to echo, otherwise makes one; always returns it. */
export const requestId = (): Middleware => async (ctx, next) => {
  const given = ctx.get('X-Request-Id');
  const id = SAFE_REQUEST_ID.test(given) ? given : randomUUID();
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
  await next();
};
