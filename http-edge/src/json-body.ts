import type { Middleware } from 'koa';
import { inspectBody } from './body-inspection';
import { bodyProblem } from './body-problem';
import { ACCEPTED_ENCODINGS, bodyReadProblem, unsupportedEncoding } from './body-read-problem';
import { drainRequest } from './drain-request';
import { problem } from './problem';
import { readJsonText } from './read-json-text';

const JSON_BODY_LIMIT = '1mb';
/** The limit as a message says it. */
const LIMIT_TEXT = '1 MB';

const PARSED_METHODS = ['POST', 'PUT', 'PATCH'];

const hasBody = (headers: Record<string, string | string[] | undefined>): boolean =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

const contentEncoding = (headers: Record<string, string | string[] | undefined>): string =>
  String(headers['content-encoding'] ?? 'identity').trim().toLowerCase() || 'identity';

/**
 * JSON bodies only: a body of another content type is 415, an unknown Content-Encoding 415, a
 * body that is not what its encoding says, not UTF-8 or not JSON 400, a body over the limit 413 (after
 * decompression). A refused body is drained (bounded) so that the connection stays usable.
 * Then the parsed body is inspected once, before any route validates it: too deep, prototype
 * keys or text that is not well-formed Unicode are a 400 naming the first few places.
 * `ctx.state.bodyPresent` tells an empty request from `{}`. On the paths `keepRawBody` names,
 * `rawBodyOf(ctx)` is also the body as it came (what a sender's signature covers).
 */
export const jsonBody = (options: { readonly keepRawBody?: (path: string) => boolean } = {}): Middleware =>
  async (ctx, next) => {
    const present = hasBody(ctx.req.headers);
    ctx.state.bodyPresent = present;
    if (!PARSED_METHODS.includes(ctx.method)) return next();
    const encoding = contentEncoding(ctx.req.headers);
    const refuse = async (e: unknown): Promise<never> => {
      if (!(await drainRequest(ctx.req))) ctx.set('Connection', 'close');
      throw e;
    };
    if (present && !ctx.is('application/json', 'application/*+json')) {
      await refuse(problem(415, 'Unsupported content type: send the body as JSON with Content-Type: application/json'));
    }
    if (!ACCEPTED_ENCODINGS.includes(encoding)) await refuse(unsupportedEncoding(encoding));
    if (present) {
      try {
        const text = await readJsonText(ctx.req, encoding, JSON_BODY_LIMIT);
        ctx.request.body = text === '' ? text : JSON.parse(text);
        if (options.keepRawBody?.(ctx.path) === true) ctx.request.rawBody = text;
      } catch (e) {
        await refuse(bodyReadProblem(e, encoding, LIMIT_TEXT) ?? e);
      }
      const refused = bodyProblem(inspectBody(ctx.request.body));
      if (refused) throw refused;
    }
    await next();
  };

/** The body's text as it came (after decompression), or '' without one. */
export const rawBodyOf = (ctx: { readonly request: unknown }): string => {
  const raw = (ctx.request as { rawBody?: unknown }).rawBody;
  return typeof raw === 'string' ? raw : '';
};
