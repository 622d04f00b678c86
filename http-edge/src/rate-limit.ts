import type { Middleware } from 'koa';
import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { LimitedOperation, Principal, ratePolicy, RateWindow } from '@support/domain';
import { LimiterFactory } from './limiter-factory';
import { problem } from './problem';

const DESCRIPTIONS: Record<LimitedOperation, string> = {
  manualTicket: 'manual tickets',
  ticketList: 'ticket list requests',
  ticketExport: 'ticket export starts',
  ticketBulkUpdate: 'bulk ticket updates',
  executeAction: 'execute-action runs',
};

export interface RateLimitOptions {
  /**
   * The limit counts what the route accepted (a job started, not a body refused): a request the route
   * answers with a 4xx gets its points back. Default: every request the limit lets through counts.
   */
  readonly countsOnlyAccepted?: boolean;
}

/**
 * docs/api/README.md (Rate limits) limits with rate-limiter-flexible. Every window of the operation is consumed; when one
 * is exceeded the others get their point back (a refused request does not use up the day), and
 * the 429 names the exceeded window's limit.
 */
export const rateLimit = (operation: LimitedOperation, limiters: LimiterFactory, options: RateLimitOptions = {}): Middleware => {
  const cache = new Map<string, RateLimiterAbstract>();
  const limiterFor = (w: RateWindow) => {
    const keyPrefix = `rl:${operation}:${w.name}:${w.points}`;
    let limiter = cache.get(keyPrefix);
    if (!limiter) {
      limiter = limiters({ keyPrefix, points: w.points, durationSeconds: w.durationSeconds });
      cache.set(keyPrefix, limiter);
    }
    return limiter;
  };

  return async (ctx, next) => {
    const principal = ctx.state.principal as Principal;
    const policy = ratePolicy(operation, principal.account);
    const key = policy.scope === 'account' ? `account:${principal.accountId}` : `token:${principal.tokenId}`;
    const outcomes = await Promise.all(
      policy.windows.map(async (w) => {
        try {
          return { w, ok: true as const, res: await limiterFor(w).consume(key, 1) };
        } catch (e) {
          if (e instanceof RateLimiterRes) return { w, ok: false as const, res: e };
          throw e;
        }
      }),
    );
    const refused = outcomes.filter((o) => !o.ok);
    if (refused.length > 0) {
      await Promise.all(outcomes.filter((o) => o.ok).map((o) => limiterFor(o.w).reward(key, 1)));
      const worst = refused.reduce((a, b) => (b.res.msBeforeNext > a.res.msBeforeNext ? b : a));
      const retryAfter = Math.max(1, Math.ceil(worst.res.msBeforeNext / 1000));
      const per = policy.scope === 'account' ? 'account' : 'access token';
      throw problem(
        429,
        `Rate limit exceeded: at most ${worst.w.points} ${DESCRIPTIONS[operation]} per ${worst.w.name} per ${per}. Retry after ${retryAfter} seconds.`,
        { retryAfter },
        { 'X-RateLimit-Limit': String(worst.w.points), 'X-RateLimit-Remaining': '0', 'Retry-After': String(retryAfter) },
      );
    }
    const tightest = outcomes.reduce((a, b) => (b.res.remainingPoints < a.res.remainingPoints ? b : a));
    ctx.set('X-RateLimit-Limit', String(tightest.w.points));
    ctx.set('X-RateLimit-Remaining', String(Math.max(0, tightest.res.remainingPoints)));
    await next();
    // A request the route refused did not do what the limit counts: its points are given back.
    if (options.countsOnlyAccepted === true && ctx.status >= 400 && ctx.status < 500) {
      await Promise.all(outcomes.map((o) => limiterFor(o.w).reward(key, 1)));
    }
  };
};
