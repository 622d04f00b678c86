import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { problem, respond } from '@support/http-edge';
import { AccountDirectory, EventStore, Logger } from '@support/domain';
import { adminAccess, AdminScope } from '../admin-access';
import { EventFeedQuery, parseEventFeedQuery, RawQuery } from './event-feed-query';
import { readEventFeed } from './event-feed';
import { eventLine } from './event-line';

export const EVENTS_PATH = '/admin/events';
export const NDJSON = 'application/x-ndjson; charset=utf-8';

export interface EventFeedDeps {
  readonly directory: () => AccountDirectory;
  readonly eventStore: EventStore;
  readonly logger: Logger;
  readonly operatorToken?: string;
}

/** An account admin reads its own account only; the operator any account (or all). */
const scoped = (query: EventFeedQuery, scope: AdminScope): E.Either<string, EventFeedQuery> => {
  if (scope.kind === 'operator') return E.right(query);
  if (query.accountId !== undefined && query.accountId !== scope.accountId) return E.left('An account admin\'s token reads the events of its own account only');
  return E.right({ ...query, accountId: scope.accountId });
};

/** Writes each event as a line, waiting for the client to drain (a slow reader holds the feed, not memory). */
const pump = async (deps: EventFeedDeps, query: EventFeedQuery, out: PassThrough, abort: AbortController): Promise<number> => {
  let lines = 0;
  for await (const e of readEventFeed(deps.eventStore, query, abort.signal)) {
    if (abort.signal.aborted) break;
    lines += 1;
    if (!out.write(`${eventLine(e)}\n`)) await once(out, 'drain', { signal: abort.signal });
  }
  return lines;
};

/**
 * GET /admin/events: the event log of the running service as NDJSON, one event per line, read
 * only. Filters: stream, prefix, ticket, type, account (operator only), from (exclusive
 * position); follow=true keeps the answer open and writes each new event as it is appended,
 * until the client goes away. The operator token (OPERATOR_TOKEN) reads every account; an account
 * admin's access token its own account's events.
 */
export const eventFeedRoute = (router: Router, deps: EventFeedDeps): void => {
  router.get(EVENTS_PATH, adminAccess(deps), async (ctx) => {
    const parsed = E.chain((q: EventFeedQuery) => scoped(q, ctx.state.adminScope as AdminScope))(parseEventFeedQuery(ctx.query as RawQuery));
    if (E.isLeft(parsed)) return respond(ctx, E.left(problem(parsed.left.startsWith('An account admin') ? 403 : 400, parsed.left)));
    const query = parsed.right;
    const abort = new AbortController();
    const out = new PassThrough();
    // The response closes when it is done or when the client goes away: either way the feed stops.
    ctx.res.once('close', () => abort.abort());
    ctx.status = 200;
    ctx.type = NDJSON;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.body = out;
    const log = { requestId: ctx.state.requestId, scope: (ctx.state.adminScope as AdminScope).kind, follow: query.follow };
    pump(deps, query, out, abort).then(
      (lines) => {
        deps.logger.info('event feed ended', { ...log, lines, clientLeft: abort.signal.aborted });
        out.end();
      },
      (e: unknown) => {
        if (abort.signal.aborted) return void out.end();
        deps.logger.error('event feed failed', { ...log, errorName: (e as Error).name, errorMessage: (e as Error).message });
        // The answer has begun: cutting the connection tells the reader it is incomplete.
        ctx.res.destroy();
      },
    );
  });
};
