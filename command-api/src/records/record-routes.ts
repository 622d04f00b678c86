import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, problem, respond } from '@support/http-edge';
import { decodeRequest, InsertRecordRequest, Principal, UpsertRecordRequest } from '@support/domain';
import { commandContext } from '../shared/command-context';
import { insertRecord } from './insert-record';
import { RecordRouteDeps } from './record-deps';
import { upsertRecord } from './upsert-record';

const INSERT_RECORD_PATH = '/apis/resources/records/insert';
const UPSERT_RECORD_PATH = '/apis/resources/records/upsert';

/** docs/api/README.md (Authentication): a token that is not valid answers 403 "Invalid token" on the resource routes. */
const INVALID_TOKEN_MESSAGE = 'Invalid token';

/** POST /apis/resources/records/insert (docs/api/records-and-actions.md, Insert) and /upsert (docs/api/records-and-actions.md, Upsert). */
export const recordRoutes = (deps: RecordRouteDeps): Router => {
  const router = new Router();
  const auth = authenticate(deps.directory, { invalidTokenMessage: INVALID_TOKEN_MESSAGE });

  router.post(INSERT_RECORD_PATH, auth, async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const decoded = decodeRequest(InsertRecordRequest, ctx.request.body ?? {});
    if (E.isLeft(decoded)) return respond(ctx, E.left(problem(400, decoded.left.message)));
    respond(ctx, await insertRecord(deps, principal, decoded.right, commandContext(ctx, principal, deps.clock.now())));
  });

  router.post(UPSERT_RECORD_PATH, auth, async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const decoded = decodeRequest(UpsertRecordRequest, ctx.request.body ?? {});
    if (E.isLeft(decoded)) return respond(ctx, E.left(problem(400, decoded.left.message)));
    respond(ctx, await upsertRecord(deps, principal, decoded.right, commandContext(ctx, principal, deps.clock.now())));
  });

  return router;
};
