import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, HttpAnswer, HttpProblem, LimiterFactory, problem, rateLimit, respond } from '@support/http-edge';
import { CommandContext, LimitedOperation, Principal } from '@support/domain';
import { commandContext } from './command-context';
import { CommandRouteDeps } from './command-route-deps';

interface JobStartRoute<D> {
  readonly path: string;
  /** The account's limit on starts (docs/api/README.md, Rate limits). */
  readonly limit: LimitedOperation;
  readonly start: (deps: D, principal: Principal, body: unknown, context: CommandContext) => Promise<E.Either<HttpProblem, HttpAnswer>>;
  /** What the log says when a start throws. */
  readonly crashed: string;
  /** What the client is told then (500). */
  readonly crashMessage: string;
}

/**
 * POST that starts a job (an export, a bulk update): authenticated, rate-limited per account (the
 * limit counts the jobs started: a start refused with a 4xx gives its point back), the body optional; a start that throws is logged (without the body) and answered 500 with a message
 * that says to try again.
 */
export const jobStartRoute = <D extends Pick<CommandRouteDeps, 'directory' | 'clock' | 'logger'> & { readonly limiters: LimiterFactory }>(
  router: Router, deps: D, route: JobStartRoute<D>,
): void => {
  router.post(route.path, authenticate(deps.directory), rateLimit(route.limit, deps.limiters, { countsOnlyAccepted: true }), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    try {
      respond(ctx, await route.start(deps, principal, ctx.state.bodyPresent ? ctx.request.body : undefined, commandContext(ctx, principal, deps.clock.now())));
    } catch (e) {
      deps.logger.error(route.crashed, { requestId: ctx.state.requestId, accountId: principal.accountId, errorName: (e as Error).name, errorMessage: (e as Error).message });
      respond(ctx, E.left(problem(500, route.crashMessage)));
    }
  });
};
