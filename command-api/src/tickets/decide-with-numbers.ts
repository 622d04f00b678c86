import * as E from 'fp-ts/Either';
import { CommandContext, NumbersRead } from '@support/domain';
import { ConcurrencyConflict, decideAndAppend, MultiStreamDecision, MultiStreamHandled, WriteDeps } from '@support/event-sourcing';
import { accountTicketNumbers } from './account-ticket-numbers';

export interface NumberedCommand<State, Decision extends MultiStreamDecision> {
  /** Reads what the decision needs besides the account's numbers. */
  readonly load: () => Promise<State>;
  /** Pure: the decision, given the account's numbers as they stand in this turn. */
  readonly decide: (state: State, numbers: NumbersRead) => Decision;
}

/**
 * A decision that may number a new ticket (a manual create, a child ticket, a split), as one atomic
 * append: the account's numbers are taken as this process last decided them (AccountTicketNumbers),
 * and advanced in the turn the decision is appended; an append refused or failed makes the process
 * read them again.
 */
export const decideWithNumbers = async <State, Decision extends MultiStreamDecision>(
  deps: WriteDeps,
  ctx: CommandContext,
  command: NumberedCommand<State, Decision>,
): Promise<E.Either<ConcurrencyConflict, MultiStreamHandled<Decision>>> => {
  const numbers = accountTicketNumbers(deps.eventStore);
  let entry = await numbers.of(ctx.accountId);
  return decideAndAppend(deps, ctx, {
    load: async () => {
      const [state, current] = await Promise.all([command.load(), numbers.of(ctx.accountId)]);
      entry = current;
      return state;
    },
    decide: (state) => {
      const decision = command.decide(state, entry.current);
      for (const append of decision.appends) numbers.took(entry, append);
      return decision;
    },
    refused: (decision) => {
      if (decision.appends.some((a) => a.streamName === entry.current.streamName)) numbers.forget(entry);
    },
  });
};
