import type { Middleware } from 'koa';
import { ServiceMetrics } from './service-metrics';

/** The router's path template of the matched route (never the raw URL with its ids), or a fixed word. */
const routeOf = (ctx: Parameters<Middleware>[0]): string => {
  const matched = (ctx as unknown as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  return ctx.status === 404 ? 'unmatched' : 'other';
};

/**
 * Requests by method, route template and status, with their latency; 429 answers also count as
 * rate-limit refusals. Outermost but one (after the request id), so it sees the status answered.
 */
export const httpMetrics = (metrics: ServiceMetrics): Middleware => async (ctx, next) => {
  const started = process.hrtime.bigint();
  try {
    await next();
  } finally {
    const labels = { method: ctx.method, route: routeOf(ctx), status: String(ctx.status) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    if (ctx.status === 429) metrics.rateLimitRefusals.inc({ route: labels.route });
  }
};
