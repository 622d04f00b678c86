import { Either } from 'fp-ts/Either';
import type { ExpectedRevision } from '../ports/event-store';

/** A domain event as deciders produce it; the command handler adds id and metadata. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/**
 * Emmett-style decider: three plain functions over plain data.
 * decide(command, state) → events or a domain error; evolve(state, event) → state.
 */
export interface Decider<Command, Event extends DomainEvent, State, Err> {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Event) => State;
  readonly decide: (command: Command, state: State) => Either<Err, readonly Event[]>;
}

/**
 * One stream's part of a decision over several streams: its events and the revision the decision
 * read it at, which the one atomic append of the decision expects (EventStore.appendToStreams).
 */
export interface DecidedAppend {
  readonly streamName: string;
  readonly events: readonly DomainEvent[];
  readonly expectedRevision: ExpectedRevision;
}

/** What every command carries besides its data: who, when, which request. */
export interface CommandContext {
  readonly accountId: string;
  /** Access token id (never the token) or worker name. */
  readonly userId: string;
  readonly requestId: string;
  readonly now: Date;
  readonly correlationId?: string;
  readonly causationId?: string;
  /** When the request must be answered (ms since the epoch): no retry starts that cannot finish before it. */
  readonly deadline?: number;
}

/** Event data version written with every event, so old events can be upcast. */
export const EVENT_SCHEMA_VERSION = 1;
