import * as E from 'fp-ts/Either';
import type { Context } from 'koa';
import {
  accountAdminDecider, AccountAdminCommand, AccountAdminError, AccountAdminEvent, AccountAdminState, accountAdminStream, CommandContext, OPERATOR_ID, READ_YOUR_WRITES_MS,
} from '@support/domain';
import { commandHandler } from '@support/event-sourcing';
import { AdminCaller, contention, HttpProblem, problem } from '@support/http-edge';
import { AdminCommandDeps } from './admin-deps';

/** An account's admin changes, decided on its stream one after another (a race lost to another process is decided again). */
const handleAccountAdmin = commandHandler(accountAdminDecider);

/** Who made the change, as its events name them: the caller's token id, or `operator`. */
export const callerId = (caller: AdminCaller): string => (caller.kind === 'operator' ? OPERATOR_ID : caller.principal.tokenId);

/** The request's context for the account's events (metadata: account, who, request). */
export const adminContext = (ctx: Context, caller: AdminCaller, accountId: string, now: Date): CommandContext => ({
  accountId,
  userId: callerId(caller),
  requestId: String(ctx.state.requestId ?? ''),
  now,
  ...(typeof ctx.state.deadline === 'number' ? { deadline: ctx.state.deadline as number } : {}),
});

const refusal = (accountId: string, e: AccountAdminError): HttpProblem => {
  switch (e.kind) {
    case 'AccountExists': return problem(409, `Account "${accountId}" exists already: choose another id`);
    case 'AccountNotFound': return problem(404, `No account "${accountId}"`);
    case 'StaleVersion': return problem(412, `The version you changed is no longer the current one (now ${e.current}): read it again, then send the change with If-Match: "${e.current}"`, { currentVersion: e.current });
    case 'TokenNotFound': return problem(404, `No such access token in account "${accountId}"`);
    case 'LastAdminToken': return problem(409, `This is the last token with the admin scope of account "${accountId}": it cannot revoke itself. Make another admin token first, or ask the operator`);
    default: return problem(409, 'The change was refused');
  }
};

/**
 * Decides an admin change on the account's stream and, once appended, waits until this process's
 * directory has applied it (so the change answered is the one the next request sees here).
 */
export const decideOnAccount = async (
  deps: AdminCommandDeps, accountId: string, command: AccountAdminCommand, context: CommandContext,
): Promise<E.Either<HttpProblem, { readonly state: AccountAdminState; readonly events: readonly AccountAdminEvent[] }>> => {
  const handled = await handleAccountAdmin(deps, accountAdminStream(accountId), command, context);
  if (E.isLeft(handled)) return E.left(handled.left.kind === 'ConcurrencyConflict' ? contention('account') : refusal(accountId, handled.left));
  const { appended, state, newEvents } = handled.right;
  if (appended !== null) await deps.accountAdmin.waitFor(appended.position, READ_YOUR_WRITES_MS);
  return E.right({ state, events: newEvents });
};
