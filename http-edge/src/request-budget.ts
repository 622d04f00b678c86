import type { Context, Middleware } from 'koa';
import { problem } from './problem';

/**
 * What any route has to answer in, whatever its dependencies do: the promise is 10 s, and a second
 * of it is left to the proxy, the network and the client, so a route answers by 9 s.
 */
export const ROUTE_BUDGET_MS = 9_000;

/**
 * Every request answers within its budget: the route gets `ctx.state.deadline` (ms since the epoch)
 * to pass down to what it calls, and when it has not answered by then the client gets 503 with
 * Retry-After and the error body of docs/api/README.md at once, while the route's work finishes or fails by itself (a
 * command sent with an Idempotency-Key can then be sent again safely: its repeat answers what the
 * first did, or waits for it).
 */
export const requestBudget = (budgetOf: (ctx: Context) => number = () => ROUTE_BUDGET_MS): Middleware => async (ctx, next) => {
  const budget = budgetOf(ctx);
  ctx.state.deadline = Date.now() + budget;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), budget);
  });
  const work = next();
  try {
    const first = await Promise.race([work.then(() => 'done' as const), late]);
    if (first === 'late') {
      work.catch(() => undefined);
      throw problem(
        503,
        `The request did not finish within ${budget / 1000} s: a service it depends on is slow or down. Retry shortly; a command sent with an Idempotency-Key can be sent again safely.`,
        { retryAfter: 5 },
        { 'Retry-After': '5' },
      );
    }
  } finally {
    clearTimeout(timer);
  }
};
