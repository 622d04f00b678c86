import * as E from 'fp-ts/Either';
import { AppendResult, CommandContext, Decider, DomainEvent, RecordedEvent } from '@support/domain';
import { commandHandler, CommandHandler, ConcurrencyConflict, WriteDeps } from './command-handler';
import { readLastEvent } from './stream-ends';

/**
 * A uniqueness claim: a small stream per key (a customer's phone, an open-ticket slot, a record's
 * identifier value, a msg_id) whose last event names the key's holder. Claims are appended with
 * the revision read, so of two racing claimants one holds the key and the other learns who does.
 * Each kind states here, in its rule, when a held claim passes to someone else (release or
 * expiry); see claim-rules.ts for every kind the service has.
 */
export interface ClaimRule<Key> {
  /** Named in conflicts and logs. */
  readonly kind: string;
  stream(key: Key): string;
  /** The event that names `owner` the holder of `key`. */
  claimed(key: Key, owner: string, ctx: CommandContext): DomainEvent;
  /** The holder a claim stream's last event names (null: the key is free). */
  holderOf(last: DomainEvent): string | null;
  /**
   * Whether the key, held by `holder` since `last`, may pass to a new owner (the claim expired or
   * the holder let go of the key); `undecided` when that cannot be told before the request's
   * deadline (the claim then ends as a ConcurrencyConflict). Absent: never; the first claim holds for ever.
   */
  mayTakeOver?(deps: WriteDeps, key: Key, holder: string, last: RecordedEvent, ctx: CommandContext): Promise<boolean | 'undecided'>;
  /** The event by which a holder gives the key up (releaseClaim). Absent: claims of this kind are never released. */
  released?(key: Key, holder: string, reason: string): DomainEvent;
}

interface ClaimOutcome {
  /** Who holds the key now: `owner` when the claim was won (or was already theirs), else the holder it lost to. */
  readonly holder: string;
  readonly mine: boolean;
  /** The claim's append, or null when nothing was appended. */
  readonly appended: AppendResult | null;
}

interface ClaimState {
  readonly holder: string | null;
}

type ClaimCommand =
  | { readonly type: 'claim'; readonly event: DomainEvent; readonly owner: string; readonly takeOver: boolean }
  | { readonly type: 'release'; readonly event: DomainEvent | null; readonly holder: string };

/** The decision of every claim stream: claim a free key (or one that may pass on), release one's own. */
const claimDecider = (rule: ClaimRule<never>): Decider<ClaimCommand, DomainEvent, ClaimState, never> => ({
  initialState: () => ({ holder: null }),
  evolve: (_state, event) => ({ holder: rule.holderOf(event) }),
  decide: (command, state) => {
    if (command.type === 'release') return E.right(state.holder === command.holder && command.event !== null ? [command.event] : []);
    if (state.holder === command.owner || (state.holder !== null && !command.takeOver)) return E.right([]);
    return E.right([command.event]);
  },
});

const handlers = new WeakMap<ClaimRule<never>, CommandHandler<ClaimCommand, DomainEvent, ClaimState, never>>();
const handlerOf = <Key>(rule: ClaimRule<Key>) => {
  const r = rule as ClaimRule<never>;
  let handler = handlers.get(r);
  if (handler === undefined) {
    // The last event holds the whole state of a claim stream.
    handler = commandHandler(claimDecider(r), { read: 'lastEvent' });
    handlers.set(r, handler);
  }
  return handler;
};

/** Claims `key` for `owner`: answers who holds it afterwards. */
export const claimUnique = async <Key>(
  deps: WriteDeps, rule: ClaimRule<Key>, key: Key, owner: string, ctx: CommandContext,
): Promise<E.Either<ConcurrencyConflict, ClaimOutcome>> => {
  const event = rule.claimed(key, owner, ctx);
  const streamName = rule.stream(key);
  let undecided = false;
  const handled = await handlerOf(rule)(deps, streamName, async (state, last): Promise<ClaimCommand> => {
    const may = state.holder !== null && state.holder !== owner && last !== null && rule.mayTakeOver !== undefined
      ? await rule.mayTakeOver(deps, key, state.holder, last, ctx)
      : false;
    undecided = may === 'undecided';
    return { type: 'claim', event, owner, takeOver: may === true };
  }, ctx);
  if (E.isLeft(handled)) return handled;
  if (undecided) return E.left({ kind: 'ConcurrencyConflict', streamName });
  const holder = handled.right.state.holder;
  if (holder === null) throw new Error(`a ${rule.kind} claim left the key without a holder`);
  return E.right({ holder, mine: holder === owner, appended: handled.right.appended });
};

/**
 * Gives up `holder`'s claim of `key`, if it still holds it (a claim taken over since is left alone).
 * A release tidies up after a request, often one whose deadline has passed: it is decided within
 * the command handler's own budget, not that deadline.
 */
export const releaseClaim = async <Key>(
  deps: WriteDeps, rule: ClaimRule<Key>, key: Key, holder: string, reason: string, ctx: CommandContext,
): Promise<E.Either<ConcurrencyConflict, boolean>> => {
  if (rule.released === undefined) throw new Error(`${rule.kind} claims are never released`);
  const { deadline: _requestDeadline, ...releaseCtx } = ctx;
  const handled = await handlerOf(rule)(deps, rule.stream(key), { type: 'release', event: rule.released(key, holder, reason), holder }, releaseCtx);
  return E.isLeft(handled) ? handled : E.right(handled.right.appended !== null);
};

/** Who holds `key` now (null: nobody), without claiming it. */
export const claimHolder = async <Key>(deps: Pick<WriteDeps, 'eventStore'>, rule: ClaimRule<Key>, key: Key): Promise<string | null> => {
  const last = await readLastEvent(deps.eventStore, rule.stream(key));
  return last === null ? null : rule.holderOf(last);
};
