import Router from '@koa/router';
import { AccountDirectory, Principal } from '@support/domain';
import { authenticate, LimiterFactory, rateLimit, respond } from '@support/http-edge';
import { reportQuery, ReportQueryDeps } from './report-query';

export interface ReportRouteDeps extends ReportQueryDeps {
  readonly directory: () => AccountDirectory;
  readonly limiters: LimiterFactory;
}

/** The reports route: any token of the account, limited like the ticket list, read on a reader thread within the request's budget. */
export const reportRoutes = (deps: ReportRouteDeps): Router => {
  const router = new Router();
  router.get('/apis/reports', authenticate(deps.directory), rateLimit('ticketList', deps.limiters), async (ctx) => {
    respond(ctx, await reportQuery(deps, ctx.state.principal as Principal, ctx.query, { deadline: ctx.state.deadline, broad: true }));
  });
  return router;
};
