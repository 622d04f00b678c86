import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { problem } from './problem';

export const JSON_BODY_LIMIT = '1mb';

const hasBody = (headers: Record<string, string | string[] | undefined>): boolean =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/**
 * JSON bodies only: a body of another content type is 415, malformed JSON is 400, a body
 * over the limit is 413 (all through the error handler). `ctx.state.bodyPresent` tells an
 * empty request from `{}`.
 */
export const jsonBody = (): Middleware => {
  const parse = koaBody({ json: true, jsonStrict: false, jsonLimit: JSON_BODY_LIMIT, urlencoded: false, text: false, multipart: false, parsedMethods: ['POST', 'PUT', 'PATCH'] as never });
  return async (ctx, next) => {
    const present = hasBody(ctx.req.headers);
    ctx.state.bodyPresent = present;
    if (present && ['POST', 'PUT', 'PATCH'].includes(ctx.method) && !ctx.is('application/json', 'application/*+json')) {
      throw problem(415, 'Unsupported content type: send the body as JSON with Content-Type: application/json');
    }
    await parse(ctx, next);
  };
};
