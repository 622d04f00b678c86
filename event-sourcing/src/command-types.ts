import * as E from 'fp-ts/Either';
import { AppendResult, BackoffPolicy, CommandContext, DomainEvent, EventStore, IdGenerator, RecordedEvent } from '@support/domain';

/** The types and the decision deadline of the command handlers (command-handler.ts, decide-and-append.ts), which their turns share. */

/**
 * How long a command whose context has no deadline (a worker's) keeps deciding again while other
 * processes keep appending to its streams: as long as a request may take.
 */
const DECISION_BUDGET_MS = 10_000;

/** When a command stops deciding again: its request's deadline, else DECISION_BUDGET_MS from now. */
export const decisionDeadline = (ctx: CommandContext): number => ctx.deadline ?? Date.now() + DECISION_BUDGET_MS;

export interface WriteDeps {
  readonly eventStore: EventStore;
  readonly newId: IdGenerator;
}

/** The stream kept changing under the decision until the command's deadline (or the deadline passed while it waited its turn). */
export interface ConcurrencyConflict {
  readonly kind: 'ConcurrencyConflict';
  readonly streamName: string;
}

export interface Handled<Event extends DomainEvent, State> {
  /** Events this command appended (empty when the decision was to do nothing). */
  readonly newEvents: readonly Event[];
  /** Stream state after the new events. */
  readonly state: State;
  /** Append result, or null when nothing was appended. */
  readonly appended: AppendResult | null;
}

/**
 * The command, or how to make it from the state just read (with any I/O it needs, for example
 * another stream the state points to): made again at every try, so it always sees the latest state.
 */
export type CommandOf<Command, State> = Command | ((state: State, last: RecordedEvent | null) => Promise<Command>);

export interface HandlerOptions {
  /**
   * `stream` (default) folds every event of the stream. `lastEvent` folds only the last one: for
   * streams whose last event holds all the state a decision needs (claims, sequences), so a
   * decision costs one read however long the stream is.
   */
  readonly read?: 'stream' | 'lastEvent';
  /** The wait before deciding again after another process appended first (default COMMAND_RETRY). */
  readonly backoff?: BackoffPolicy;
}

export interface CallOptions<Event extends DomainEvent> {
  /** Metadata context of each new event (default: the command's context for all of them). */
  readonly contextOf?: (event: Event, index: number) => CommandContext;
  /**
   * The stream is new (its name holds an id just made): the first decision is taken on the initial
   * state without reading it, and appended with 'no_stream'; should it exist after all, the next
   * try reads it as usual.
   */
  readonly newStream?: boolean;
}

export type CommandHandler<Command, Event extends DomainEvent, State, Err> = (
  deps: WriteDeps,
  streamName: string,
  command: CommandOf<Command, State>,
  ctx: CommandContext,
  options?: CallOptions<Event>,
) => Promise<E.Either<Err | ConcurrencyConflict, Handled<Event, State>>>;
