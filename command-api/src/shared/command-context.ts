import type { Context } from 'koa';
import { CommandContext, Principal } from '@support/domain';

/**
 * What every event of a request carries (who, when, which request), and the request's deadline
 * (`ctx.state.deadline`, set by the request budget): the command handler decides again after a
 * lost race only until then.
 */
export const commandContext = (ctx: Context, principal: Principal, now: Date): CommandContext => ({
  accountId: principal.accountId,
  userId: principal.tokenId,
  requestId: String(ctx.state.requestId ?? ''),
  now,
  ...(typeof ctx.state.deadline === 'number' ? { deadline: ctx.state.deadline as number } : {}),
});
