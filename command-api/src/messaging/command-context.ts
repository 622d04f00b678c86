import type { Context } from 'koa';
import { Clock, CommandContext, Principal } from '@support/domain';

/** Who, when and which request: the metadata every event of a request carries. */
export const commandContext = (ctx: Context, clock: Clock): CommandContext => {
  const principal = ctx.state.principal as Principal;
  return { accountId: principal.accountId, userId: principal.tokenId, requestId: String(ctx.state.requestId ?? ''), now: clock.now() };
};
