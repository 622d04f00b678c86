import type Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { ChangeSettingsRequest, decodeRequest, SETTINGS_SECTIONS, SectionView, validateSettings } from '@support/domain';
import { adminCaller, AdminCaller, ok, problem, respond } from '@support/http-edge';
import { AdminCommandDeps } from './admin-deps';
import { adminContext, callerId, decideOnAccount } from './decide-on-account';
import { expectedVersion } from './expected-version';

export const SETTINGS_PATH = '/apis/admin/accounts/:accountId/settings/:section';

/**
 * PUT /apis/admin/accounts/{accountId}/settings/{section} with `{ "value": ... }`: the section
 * replaced, checked with the start-up configuration's rules over the account as it would then be;
 * on the version read (If-Match), answered with the new version. A refused change changes nothing.
 */
export const settingsRoutes = (router: Router, deps: AdminCommandDeps): void => {
  router.put(SETTINGS_PATH, adminCaller(deps), async (ctx) => {
    const caller = ctx.state.adminCaller as AdminCaller;
    const { accountId, section } = ctx.params;
    const account = deps.directory().account(accountId);
    if (account === undefined) return respond(ctx, E.left(problem(404, `No account "${accountId}"`)));
    const decoded = decodeRequest(ChangeSettingsRequest, ctx.state.bodyPresent ? ctx.request.body : undefined);
    if (E.isLeft(decoded)) return respond(ctx, E.left(problem(400, decoded.left.message)));
    const tokenUsers = deps.directory().tokensOf(accountId).filter((t) => t.source === 'api' && t.revokedAt === null).map((t) => t.userId);
    const valid = validateSettings(account, section, decoded.right.value, tokenUsers);
    if (E.isLeft(valid)) return respond(ctx, E.left(problem(400, valid.left.message, { problems: valid.left.problems })));
    if (caller.kind === 'account' && SETTINGS_SECTIONS[valid.right.section] === 'operator') {
      return respond(ctx, E.left(problem(403, `Only the operator (OPERATOR_TOKEN) may change ${section}`)));
    }
    const version = expectedVersion(ctx, decoded.right.expectedVersion);
    if (E.isLeft(version)) return respond(ctx, version);
    const now = deps.clock.now();
    const value = valid.right.account[valid.right.section];
    const changed = await decideOnAccount(deps, accountId, {
      type: 'ChangeSettings', accountId, section, value, expectedVersion: version.right, byId: callerId(caller), at: now.toISOString(),
    }, adminContext(ctx, caller, accountId, now));
    if (E.isLeft(changed)) return respond(ctx, changed);
    const answer: SectionView = { accountId, section: valid.right.section, version: changed.right.state.sections[section] ?? 0, value };
    ctx.set('ETag', `"${answer.version}"`);
    respond(ctx, ok(answer));
  });
};
