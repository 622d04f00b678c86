import * as E from 'fp-ts/Either';
import { backoffDelayMs, COMMAND_RETRY, CommandContext, DecidedAppend, DomainEvent, MultiStreamAppendResult, WrongExpectedVersion } from '@support/domain';
import { ConcurrencyConflict, decisionDeadline, WriteDeps } from './command-types';
import { toEventData } from './stream-io';
import { sleep } from './timers';

/** A decision over several streams: what it writes (all or none) and whatever else its caller needs of it. */
export interface MultiStreamDecision {
  readonly appends: readonly DecidedAppend[];
}

export interface MultiStreamCommand<State, Decision extends MultiStreamDecision> {
  /** Reads every stream the decision writes (and what it needs besides), with the revisions read. */
  readonly load: () => Promise<State>;
  /** Pure: the decision on what was read. */
  readonly decide: (state: State) => Decision;
  /**
   * Told when the decision's append was refused (a stream it read changed meanwhile) or failed, before
   * the command decides again: a cache of what `load` read forgets what the decision rested on.
   */
  readonly refused?: (decision: Decision, why: WrongExpectedVersion | Error) => void;
  /** Metadata context of each new event (default: the command's context). */
  readonly contextOf?: (event: DomainEvent) => CommandContext;
}

export interface MultiStreamHandled<Decision> {
  readonly decision: Decision;
  /** The append, or null when the decision wrote nothing. */
  readonly appended: MultiStreamAppendResult | null;
}

/**
 * One decision, one atomic append (architecture property 3): the command reads every stream it
 * touches, decides on all of them at once, and writes all of its events with one multi-stream append
 * that expects each stream at the revision read. The append is made in the same turn of the event
 * loop as the decision, so decisions of one process reach the log in the order they were taken (a
 * decision may rest on the one before it, as consecutive ticket numbers do). When a stream changed
 * meanwhile, nothing is written and the command reads and decides again, at once the first time (the
 * change is most often this process's own decision just before) and then after a short jittered
 * backoff, until its deadline: then it ends as a ConcurrencyConflict, which a route answers with 503
 * and Retry-After. No claim is held across an await, and nothing is left to release.
 */
export const decideAndAppend = async <State, Decision extends MultiStreamDecision>(
  deps: WriteDeps,
  ctx: CommandContext,
  command: MultiStreamCommand<State, Decision>,
): Promise<E.Either<ConcurrencyConflict, MultiStreamHandled<Decision>>> => {
  const deadline = decisionDeadline(ctx);
  for (let attempt = 1; ; attempt++) {
    const state = await command.load();
    const decision = command.decide(state);
    const parts = decision.appends.filter((a) => a.events.length > 0);
    if (parts.length === 0) return E.right({ decision, appended: null });
    let appended: E.Either<WrongExpectedVersion, MultiStreamAppendResult>;
    try {
      appended = await deps.eventStore.appendToStreams(parts.map((a) => ({
        streamName: a.streamName,
        expectedRevision: a.expectedRevision,
        events: a.events.map((e) => toEventData(e, command.contextOf?.(e) ?? ctx, deps.newId)),
      })));
    } catch (error) {
      command.refused?.(decision, error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    if (E.isRight(appended)) return E.right({ decision, appended: appended.right });
    command.refused?.(decision, appended.left);
    const delay = attempt === 1 ? 0 : backoffDelayMs(attempt - 1, COMMAND_RETRY);
    if (Date.now() + delay >= deadline) return E.left({ kind: 'ConcurrencyConflict', streamName: appended.left.streamName });
    if (delay > 0) await sleep(delay);
  }
};
