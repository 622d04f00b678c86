import Koa from 'koa';
import Router from '@koa/router';
import { errorHandler, jsonBody, problem, requestId } from '@support/http-edge';
import { Logger } from '@support/domain';

export interface GatewayOptions {
  readonly logger: Logger;
  readonly routers: readonly Router[];
  /** False until the read models are rebuilt; API routes answer 503 meanwhile. */
  readonly isReady: () => boolean;
}

/** Access log: method, route, status, duration, request id. Never headers, bodies or query strings. */
const accessLog = (logger: Logger): Koa.Middleware => async (ctx, next) => {
  const started = process.hrtime.bigint();
  try {
    await next();
  } finally {
    logger.info('request', {
      requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status,
      ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      accountId: ctx.state.principal?.accountId, tokenId: ctx.state.principal?.tokenId,
    });
  }
};

/** One Koa app: shared middleware (request id, errors, access log, readiness, JSON bodies), then the routers. */
export const buildGateway = (options: GatewayOptions): Koa => {
  const app = new Koa();
  app.silent = true;
  const health = new Router();
  health.get('/health/live', (ctx) => {
    ctx.body = { status: 'live' };
  });
  health.get('/health/ready', (ctx) => {
    const ready = options.isReady();
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'starting' };
  });
  app.use(requestId());
  // Outside the error handler, so that the access log sees the status actually answered.
  app.use(accessLog(options.logger));
  app.use(errorHandler(options.logger));
  app.use(health.routes());
  app.use(async (ctx, next) => {
    if (!options.isReady()) throw problem(503, 'The service is starting: read models are being rebuilt from the event log. Retry shortly.', { retryAfter: 1 }, { 'Retry-After': '1' });
    await next();
  });
  app.use(jsonBody());
  for (const router of options.routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
};
