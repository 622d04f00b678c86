import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { problem, respond } from '@support/http-edge';
import { AccountDirectory } from '@support/domain';
import { adminAccess, AdminScope } from '../admin-access';
import { consistency, inclusionByPosition, latestCheckpoint, LogProofDeps, ticketInclusion } from './log-proofs';
import { RawQuery } from '../audit/event-feed-query';
import { parseConsistencyQuery, parseInclusionQuery, parseTreeSizeQuery } from './log-query';

export interface LogRoutesDeps extends LogProofDeps {
  readonly directory: () => AccountDirectory;
  readonly operatorToken?: string;
}

/**
 * The tamper-evident log's routes, for the admin feed's users (the operator token, an account
 * admin): the latest signed checkpoint, consistency proofs between tree sizes, and inclusion
 * proofs of events (an account admin's of its own account's events and tickets only).
 */
export const logRoutes = (deps: LogRoutesDeps): Router => {
  const router = new Router();
  const access = adminAccess(deps);
  const badRequest = (text: string) => E.left(problem(400, text));
  router.get('/admin/log/checkpoint', access, async (ctx) => {
    const unknown = Object.keys(ctx.query)[0];
    respond(ctx, unknown !== undefined ? badRequest(`Unknown parameter "${unknown}": this route takes none`) : latestCheckpoint(deps));
  });
  router.get('/admin/log/inclusion', access, async (ctx) => {
    const query = parseInclusionQuery(ctx.query as RawQuery);
    respond(ctx, E.isLeft(query) ? badRequest(query.left) : await inclusionByPosition(deps, ctx.state.adminScope as AdminScope, query.right));
  });
  router.get('/admin/log/tickets/:ticketId/inclusion', access, async (ctx) => {
    const size = parseTreeSizeQuery(ctx.query as RawQuery);
    respond(ctx, E.isLeft(size) ? badRequest(size.left) : await ticketInclusion(deps, ctx.state.adminScope as AdminScope, ctx.params.ticketId, size.right));
  });
  router.get('/admin/log/consistency', access, async (ctx) => {
    const query = parseConsistencyQuery(ctx.query as RawQuery);
    respond(ctx, E.isLeft(query) ? badRequest(query.left) : consistency(deps, query.right));
  });
  return router;
};
