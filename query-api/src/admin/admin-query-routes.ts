import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { AccountAdminView, AccountDirectory, accountView, isSettingsSection, SETTINGS_SECTIONS, SectionView } from '@support/domain';
import { adminCaller, ok, problem, respond } from '@support/http-edge';

interface AdminQueryDeps {
  readonly directory: () => AccountDirectory;
  readonly accountAdmin: AccountAdminView;
  readonly operatorToken?: string;
}

const ACCOUNT_PATH = '/apis/admin/accounts/:accountId';

/**
 * The admin API's reads (docs/api/admin.md), from the directory this process follows: an account
 * with its versions, a settings section with its version (ETag), the account's tokens (never a
 * token or its digest) with when each was last used.
 */
export const adminQueryRoutes = (deps: AdminQueryDeps): Router => {
  const router = new Router();
  const access = adminCaller(deps);
  const noAccount = (id: string) => E.left(problem(404, `No account "${id}"`));

  router.get(ACCOUNT_PATH, access, (ctx) => {
    const account = deps.directory().account(ctx.params.accountId);
    if (account === undefined) return respond(ctx, noAccount(ctx.params.accountId));
    const view = accountView(account.id, account.name, deps.accountAdmin.stateOf(account.id));
    ctx.set('ETag', `"${view.version}"`);
    respond(ctx, ok(view));
  });

  router.get(`${ACCOUNT_PATH}/settings/:section`, access, (ctx) => {
    const { accountId, section } = ctx.params;
    const account = deps.directory().account(accountId) as Record<string, unknown> | undefined;
    if (account === undefined) return respond(ctx, noAccount(accountId));
    if (!isSettingsSection(section)) return respond(ctx, E.left(problem(404, `"${section}" is not a settings section: use one of ${Object.keys(SETTINGS_SECTIONS).join(', ')}`)));
    const view: SectionView = { accountId, section, version: deps.accountAdmin.stateOf(accountId)?.sections[section] ?? 0, value: account[section] ?? null };
    ctx.set('ETag', `"${view.version}"`);
    respond(ctx, ok(view));
  });

  router.get(`${ACCOUNT_PATH}/tokens`, access, (ctx) => {
    const { accountId } = ctx.params;
    if (deps.directory().account(accountId) === undefined) return respond(ctx, noAccount(accountId));
    const data = deps.directory().tokensOf(accountId).map((t) => ({ ...t, lastUsedAt: deps.accountAdmin.lastUsedAt(t.id) }));
    respond(ctx, ok({ data }));
  });

  return router;
};
