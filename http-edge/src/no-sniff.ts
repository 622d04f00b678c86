import type { Middleware } from 'koa';

/**
 * `X-Content-Type-Options: nosniff` on every answer (JSON, CSV downloads, errors, pages): a browser
 * takes an answer for the type it says it is, never for a script or a page it might look like (a
 * ticket's text in a JSON or CSV answer cannot be run as HTML).
 */
export const noSniff = (): Middleware => async (ctx, next) => {
  ctx.set('X-Content-Type-Options', 'nosniff');
  await next();
};
