import Router from '@koa/router';
import type { Context } from 'koa';
import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem, respond } from '@support/http-edge';
import { AccountDirectory, Logger, ReadStore } from '@support/domain';
import { adminAccess, AdminScope } from '../admin-access';
import { catalogView, queryableCollections, ReadModelInfo } from './read-model-catalog';
import { decodeReadModelQuery } from './query-documents';
import { scopedFilter } from './scoped-filter';

export const READ_MODELS_PATH = '/admin/read-models';

export interface ReadModelQueryDeps {
  readonly directory: () => AccountDirectory;
  readonly readStore: ReadStore;
  readonly logger: Logger;
  readonly operatorToken?: string;
  /** The read models of the running service, as their projections declare them. */
  readonly readModels: readonly ReadModelInfo[];
}

/**
 * A query the engine refused: MongoDB evaluated and refused it (MongoServerError), or the embedded
 * store's matcher (mingo) threw on it (unknown operator, bad argument, bad regular expression):
 * the caller's to fix. Connection and driver failures of MongoDB are the service's (500).
 */
const refusedByEngine = (e: unknown): boolean => {
  const name = String((e as { name?: unknown })?.name ?? '');
  return name === 'MongoServerError' || !name.startsWith('Mongo');
};

/**
 * Runs a query document against a read model, read only (find or count), within the caller's
 * scope. 404 for a collection no read model owns; 400 for a query the engine cannot run.
 */
const runQuery = async (
  deps: ReadModelQueryDeps,
  ctx: Context,
  kind: 'find' | 'count',
  run: (scope: AdminScope, collection: string) => Promise<E.Either<HttpProblem, HttpAnswer>>,
): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const collection = String(ctx.params.collection);
  if (!queryableCollections(deps.readModels).has(collection)) {
    return E.left(problem(404, `No read model has a collection "${collection}": GET ${READ_MODELS_PATH} lists them`));
  }
  try {
    return await run(ctx.state.adminScope as AdminScope, collection);
  } catch (e) {
    if (refusedByEngine(e)) return E.left(problem(400, `The query could not be run: ${(e as Error).message}`));
    deps.logger.error('read-model query failed', { requestId: ctx.state.requestId, collection, kind, errorName: (e as Error).name, errorMessage: (e as Error).message });
    throw e;
  }
};

/**
 * Analysts' read-only access to the live read models with MongoDB query documents, the same the
 * service runs (on MongoDB, or through mingo on the embedded store):
 * GET /admin/read-models (the read models, their collections and indexes),
 * POST /admin/read-models/{collection}/find { filter, sort, projection, skip, limit },
 * POST /admin/read-models/{collection}/count { filter }.
 */
export const readModelRoutes = (router: Router, deps: ReadModelQueryDeps): void => {
  const access = adminAccess(deps);
  router.get(READ_MODELS_PATH, access, (ctx) => respond(ctx, ok(catalogView(deps.readModels))));

  router.post(`${READ_MODELS_PATH}/:collection/find`, access, async (ctx) => {
    const query = decodeReadModelQuery(ctx.request.body);
    if (E.isLeft(query)) return respond(ctx, E.left(problem(400, query.left)));
    const q = query.right;
    respond(ctx, await runQuery(deps, ctx, 'find', async (scope, collection) => {
      // One more than asked tells whether there are more.
      const found = await deps.readStore.collection(collection)
        .find(scopedFilter(scope, q.filter), { ...(q.sort ? { sort: q.sort } : {}), ...(q.projection ? { projection: q.projection } : {}), skip: q.skip, limit: q.limit + 1 })
        .toArray();
      return ok({ collection, documents: found.slice(0, q.limit), skip: q.skip, limit: q.limit, hasMore: found.length > q.limit });
    }));
  });

  router.post(`${READ_MODELS_PATH}/:collection/count`, access, async (ctx) => {
    const query = decodeReadModelQuery(ctx.request.body, ['filter']);
    if (E.isLeft(query)) return respond(ctx, E.left(problem(400, query.left)));
    respond(ctx, await runQuery(deps, ctx, 'count', async (scope, collection) =>
      ok({ collection, count: await deps.readStore.collection(collection).countDocuments(scopedFilter(scope, query.right.filter)) })));
  });
};
