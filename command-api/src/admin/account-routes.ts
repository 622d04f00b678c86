import type Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { ACCOUNT_ID, accountView, ChangeAccountRequest, CreateAccountRequest, decodeRequest } from '@support/domain';
import { adminCaller, AdminCaller, ok, problem, respond } from '@support/http-edge';
import { AdminCommandDeps } from './admin-deps';
import { adminContext, callerId, decideOnAccount } from './decide-on-account';
import { expectedVersion } from './expected-version';

export const ACCOUNTS_PATH = '/apis/admin/accounts';

/**
 * The operator's accounts: POST /apis/admin/accounts makes one (its settings and users then come
 * through the settings routes), PATCH /apis/admin/accounts/{accountId} renames, suspends (its
 * tokens answer 403 until reinstated) or reinstates it, on the version read (If-Match).
 */
export const accountRoutes = (router: Router, deps: AdminCommandDeps): void => {
  const operatorOnly = adminCaller(deps, { operatorOnly: true });

  router.post(ACCOUNTS_PATH, operatorOnly, async (ctx) => {
    const caller = ctx.state.adminCaller as AdminCaller;
    const decoded = decodeRequest(CreateAccountRequest, ctx.state.bodyPresent ? ctx.request.body : undefined);
    if (E.isLeft(decoded)) return respond(ctx, E.left(problem(400, decoded.left.message)));
    const { id, name } = decoded.right;
    if (!ACCOUNT_ID.test(id)) return respond(ctx, E.left(problem(400, `id must be 1 to 63 lower-case letters, digits, "-" or "_", starting with a letter or digit, got "${id.slice(0, 70)}"`)));
    const now = deps.clock.now();
    const inFile = deps.directory().account(id) !== undefined && deps.accountAdmin.stateOf(id)?.created !== true;
    const made = await decideOnAccount(deps, id, { type: 'CreateAccount', accountId: id, name, inFile, byId: callerId(caller), at: now.toISOString() }, adminContext(ctx, caller, id, now));
    if (E.isLeft(made)) return respond(ctx, made);
    const view = accountView(id, name, made.right.state);
    ctx.set('ETag', `"${view.version}"`);
    respond(ctx, ok(view, 201));
  });

  router.patch(`${ACCOUNTS_PATH}/:accountId`, operatorOnly, async (ctx) => {
    const caller = ctx.state.adminCaller as AdminCaller;
    const { accountId } = ctx.params;
    const account = deps.directory().account(accountId);
    if (account === undefined) return respond(ctx, E.left(problem(404, `No account "${accountId}"`)));
    const decoded = decodeRequest(ChangeAccountRequest, ctx.state.bodyPresent ? ctx.request.body : undefined);
    if (E.isLeft(decoded)) return respond(ctx, E.left(problem(400, decoded.left.message)));
    const { name, suspended } = decoded.right;
    if (name === undefined && suspended === undefined) return respond(ctx, E.left(problem(400, 'Send name, suspended, or both')));
    const version = expectedVersion(ctx, decoded.right.expectedVersion);
    if (E.isLeft(version)) return respond(ctx, version);
    const now = deps.clock.now();
    const changed = await decideOnAccount(deps, accountId, {
      type: 'ChangeAccount', accountId, inFile: deps.accountAdmin.stateOf(accountId)?.created !== true, expectedVersion: version.right,
      ...(name !== undefined ? { name } : {}), ...(suspended !== undefined ? { suspended } : {}), byId: callerId(caller), at: now.toISOString(),
    }, adminContext(ctx, caller, accountId, now));
    if (E.isLeft(changed)) return respond(ctx, changed);
    const view = accountView(accountId, name ?? account.name, changed.right.state);
    ctx.set('ETag', `"${view.version}"`);
    respond(ctx, ok(view));
  });
};
