import Koa from 'koa';
import Router from '@koa/router';
import { bodyLimits, errorHandler, jsonBody, noSniff, problem, requestBudget, requestId, StorageHealth } from '@support/http-edge';
import { Logger } from '@support/domain';
import { STATUS_WEBHOOK_PATH } from '@support/command-api';
import { openApiRoutes } from './openapi/openapi-route';
import { openApiDocument } from './openapi/openapi-document';
import { ParkedCounts } from './health/parked-counts';
import { behindReadYourWrites, ProjectionDelay } from './health/projection-delay';
import { httpMetrics, ServiceMetrics } from './metrics';

interface GatewayOptions {
  readonly logger: Logger;
  readonly routers: readonly Router[];
  /** False until the read models are rebuilt; API routes answer 503 meanwhile. */
  readonly isReady: () => boolean;
  /** The process's metrics: requests are measured, and GET /metrics serves them. */
  readonly metrics: ServiceMetrics;
  /** Whether writes find storage (a full disk): GET /health/ready answers 503 while they do not. */
  readonly storage: StorageHealth;
  /** Idempotency-Key on the command routes (after the body is read, before the routes). */
  readonly idempotency?: Koa.Middleware;
  /** How far behind the log each read model is: GET /health/ready answers 503 while one is past the read-your-writes wait. */
  readonly projectionDelays: () => Promise<readonly ProjectionDelay[]>;
  /** The events each read model parked: GET /health/ready names them (and stays 200: every process serves the same read models). */
  readonly parkedEvents: () => Promise<ParkedCounts>;
}

const METRICS_PATH = '/metrics';

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

/** One Koa app: shared middleware (request id, metrics, errors, access log, readiness, JSON bodies), then the routers. */
export const buildGateway = (options: GatewayOptions): Koa => {
  const app = new Koa();
  app.silent = true;
  const health = new Router();
  health.get('/health/live', (ctx) => {
    ctx.body = { status: 'live' };
  });
  health.get('/health/ready', async (ctx) => {
    const status = !options.isReady() ? 'starting' : options.storage.failing() ? 'storage_unavailable' : 'ready';
    // A log that cannot be read now says nothing of the read models: the routes that need it answer for themselves.
    const behind = status === 'ready' ? behindReadYourWrites(await options.projectionDelays().catch(() => [])) : [];
    const parked = status === 'ready' ? await options.parkedEvents().catch(() => ({})) : {};
    ctx.status = status === 'ready' && behind.length === 0 ? 200 : 503;
    ctx.body = {
      ...(behind.length === 0 ? { status } : { status: 'projections_behind', readModels: behind }),
      ...(Object.keys(parked).length > 0 ? { parkedEvents: parked } : {}),
    };
  });
  health.get(METRICS_PATH, async (ctx) => {
    const { contentType, body } = await options.metrics.exposition();
    ctx.type = contentType;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });
  app.use(requestId());
  app.use(noSniff());
  app.use(httpMetrics(options.metrics));
  // Outside the error handler, so that the access log sees the status actually answered.
  app.use(accessLog(options.logger));
  app.use(errorHandler(options.logger, options.storage));
  app.use(requestBudget());
  // Health, metrics and the OpenAPI document answer without credentials, also while the service starts.
  app.use(health.routes());
  app.use(openApiRoutes().routes());
  app.use(async (ctx, next) => {
    if (!options.isReady()) throw problem(503, 'The service is starting: read models are being rebuilt from the event log. Retry shortly.', { retryAfter: 1 }, { 'Retry-After': '1' });
    await next();
  });
  // The platform's status webhook is signed over its raw body.
  app.use(jsonBody({ keepRawBody: (path) => path === STATUS_WEBHOOK_PATH }));
  // Every body is held to the sizes its route documents in /openapi.json (docs/api/README.md, Limits).
  app.use(bodyLimits(openApiDocument));
  if (options.idempotency !== undefined) app.use(options.idempotency);
  for (const router of options.routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
};
