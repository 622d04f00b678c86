import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { inspectBody } from './body-inspection';
import { bodyProblem } from './body-problem';
import { ACCEPTED_ENCODINGS, bodyReadProblem, unsupportedEncoding } from './body-read-problem';
import { problem } from './problem';

export const JSON_BODY_LIMIT = '1mb';

const PARSED_METHODS = ['POST', 'PUT', 'PATCH'];

const hasBody = (headers: Record<string, string | string[] | undefined>): boolean =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

const contentEncoding = (headers: Record<string, string | string[] | undefined>): string =>
  String(headers['content-encoding'] ?? 'identity').trim().toLowerCase() || 'identity';

/**
 * JSON bodies only: a body of another content type is 415, an unknown Content-Encoding 415, a
 * body that is not what its encoding says or not JSON 400, a body over the limit 413 (after
 * decompression). Then the parsed body is inspected once, before any route validates it: too deep,
 * prototype keys or text that is not well-formed Unicode are a 400 naming the first few places.
 * `ctx.state.bodyPresent` tells an empty request from `{}`.
 */
export const jsonBody = (): Middleware => {
  const parse = koaBody({
    json: true, jsonStrict: false, jsonLimit: JSON_BODY_LIMIT, urlencoded: false, text: false, multipart: false, parsedMethods: PARSED_METHODS as never,
    onError: (error, ctx) => {
      throw bodyReadProblem(error, contentEncoding(ctx.req.headers), JSON_BODY_LIMIT) ?? error;
    },
  });
  return async (ctx, next) => {
    const present = hasBody(ctx.req.headers);
    ctx.state.bodyPresent = present;
    if (!PARSED_METHODS.includes(ctx.method)) return next();
    if (present && !ctx.is('application/json', 'application/*+json')) {
      throw problem(415, 'Unsupported content type: send the body as JSON with Content-Type: application/json');
    }
    const encoding = contentEncoding(ctx.req.headers);
    if (!ACCEPTED_ENCODINGS.includes(encoding)) throw unsupportedEncoding(encoding);
    await parse(ctx, async () => {
      const refused = bodyProblem(inspectBody(ctx.request.body));
      if (refused) throw refused;
      await next();
    });
  };
};
