import Router from '@koa/router';
import type { Context } from 'koa';
import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem, respond } from '@support/http-edge';
import { AccountDirectory, Logger, ReadModels, ReadModelShape } from '@support/domain';
import { adminAccess, AdminScope } from '../admin-access';
import { catalogView, queryableCollections } from './read-model-catalog';
import { decodeReadModelQuery } from './query-documents';
import { scopedWhere } from './scoped-filter';

const READ_MODELS_PATH = '/admin/read-models';

export interface ReadModelQueryDeps {
  readonly directory: () => AccountDirectory;
  readonly readModels: ReadModels;
  readonly logger: Logger;
  readonly operatorToken?: string;
  /** The read models of the running service, as their projections declare them. */
  readonly catalog: readonly ReadModelShape[];
}

/**
 * Runs a query against a read model, read only (find or count), within the caller's scope. 404 for
 * a collection no read model owns.
 */
const runQuery = async (
  deps: ReadModelQueryDeps,
  ctx: Context,
  run: (scope: AdminScope, collection: string) => Promise<E.Either<HttpProblem, HttpAnswer>>,
): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const collection = String(ctx.params.collection);
  if (!queryableCollections(deps.catalog).has(collection)) {
    return E.left(problem(404, `No read model has a collection "${collection}": GET ${READ_MODELS_PATH} lists them`));
  }
  return run(ctx.state.adminScope as AdminScope, collection);
};

/**
 * Analysts' read-only access to the live read models (for more, open the read-model database
 * itself: docs/read-models.md): GET /admin/read-models (the read models, their collections, fields
 * and indexes), POST /admin/read-models/{collection}/find { filter, sort, skip, limit } and
 * POST /admin/read-models/{collection}/count { filter }. A filter holds conditions on fields (see
 * FILTER_FORM); fields without an index are read from every document of the collection.
 */
export const readModelRoutes = (router: Router, deps: ReadModelQueryDeps): void => {
  const access = adminAccess(deps);
  router.get(READ_MODELS_PATH, access, (ctx) => respond(ctx, ok(catalogView(deps.catalog))));

  router.post(`${READ_MODELS_PATH}/:collection/find`, access, async (ctx) => {
    const query = decodeReadModelQuery(ctx.request.body);
    if (E.isLeft(query)) return respond(ctx, E.left(problem(400, query.left)));
    const q = query.right;
    respond(ctx, await runQuery(deps, ctx, async (scope, collection) => {
      const where = scopedWhere(scope, q.filter);
      // One more than asked tells whether there are more.
      const found = where === null ? [] : await deps.readModels.find(collection, { where, ...(q.sort ? { sort: q.sort } : {}), skip: q.skip, limit: q.limit + 1 }, { deadline: ctx.state.deadline, broad: true });
      return ok({ collection, documents: found.slice(0, q.limit), skip: q.skip, limit: q.limit, hasMore: found.length > q.limit });
    }));
  });

  router.post(`${READ_MODELS_PATH}/:collection/count`, access, async (ctx) => {
    const query = decodeReadModelQuery(ctx.request.body, ['filter']);
    if (E.isLeft(query)) return respond(ctx, E.left(problem(400, query.left)));
    respond(ctx, await runQuery(deps, ctx, async (scope, collection) => {
      const where = scopedWhere(scope, query.right.filter);
      return ok({ collection, count: where === null ? 0 : await deps.readModels.count(collection, where, { deadline: ctx.state.deadline, broad: true }) });
    }));
  });
};
