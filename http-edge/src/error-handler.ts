import type { Middleware } from 'koa';
import { compactProblemBody } from './compact-problem';
import { HttpProblem, internalError, isHttpProblem, problem } from './problem';
import { errorFields, Logger } from './logger';
import { isStorageUnavailable, StorageHealth, storageUnavailable } from './storage-unavailable';
import { isReadBudgetExceeded } from '@support/domain';
import { readTooBroad } from './read-too-broad';

export const sendProblem = (ctx: Parameters<Middleware>[0], p: HttpProblem): void => {
  ctx.status = p.status;
  for (const [k, v] of Object.entries(p.headers ?? {})) ctx.set(k, v);
  ctx.body = compactProblemBody(p.body);
};

/** Errors thrown by body parsing and middleware (http-errors carry status and expose). */
const fromThrown = (e: unknown): HttpProblem | null => {
  if (isHttpProblem(e)) return e;
  const err = e as { status?: unknown; statusCode?: unknown; expose?: unknown; type?: unknown; message?: unknown };
  const status = typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : undefined;
  if (status === 413 || err?.type === 'entity.too.large') return problem(413, 'Request body is too large: send at most 1 MB of JSON');
  if (status === 415) return problem(415, 'Unsupported content type: send the body as application/json');
  if (status === 400 && (err?.type === 'entity.parse.failed' || /JSON|Unexpected|token/i.test(String(err?.message ?? '')))) {
    return problem(400, 'Malformed JSON body: send a valid JSON document with Content-Type application/json');
  }
  if (status !== undefined && status >= 400 && status < 500 && err?.expose === true) return problem(status, String(err.message));
  return null;
};

/**
 * Every failure leaves as the error body of docs/api/README.md (Errors). Storage that cannot take data (a full disk)
 * is a 503 with Retry-After; unknown errors become a 500 with a fixed message; the detail goes to
 * the log with the request id, never to the client.
 */
export const errorHandler = (logger: Logger, storage?: StorageHealth): Middleware => async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      sendProblem(ctx, problem(404, `No route ${ctx.method} ${ctx.path}: check the method and path against the API reference`));
    } else if (ctx.status === 405 && (ctx.body === undefined || typeof ctx.body === 'string')) {
      sendProblem(ctx, problem(405, `Method ${ctx.method} is not allowed on ${ctx.path}`, {}, { Allow: String(ctx.response.get('Allow') ?? '') }));
    }
  } catch (e) {
    const known = fromThrown(e);
    if (known) {
      sendProblem(ctx, known);
      return;
    }
    if (isReadBudgetExceeded(e)) {
      logger.warn('read past its budget', { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, budgetMs: e.budgetMs });
      sendProblem(ctx, readTooBroad(e.budgetMs));
      return;
    }
    if (isStorageUnavailable(e)) {
      storage?.failed();
      logger.warn('storage unavailable', { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, ...errorFields(e) });
      sendProblem(ctx, storageUnavailable());
      return;
    }
    logger.error('unhandled error', { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, ...errorFields(e) });
    sendProblem(ctx, internalError());
  }
};
