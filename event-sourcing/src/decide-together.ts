import * as E from 'fp-ts/Either';
import { BackoffPolicy, backoffDelayMs, CommandContext, Decider, DomainEvent, RecordedEvent } from '@support/domain';
import type { CallOptions, CommandOf, ConcurrencyConflict, Handled, WriteDeps } from './command-types';
import { loadStream, toEventData } from './stream-io';
import { sleep } from './timers';

/** A command waiting for its stream's turn, and how its caller hears the outcome. */
export interface WaitingCommand<Command, Event extends DomainEvent, State, Err> {
  readonly deps: WriteDeps;
  readonly command: CommandOf<Command, State>;
  readonly ctx: CommandContext;
  readonly call: CallOptions<Event>;
  /** No decision of it starts at or after this time (ms since the epoch). */
  readonly deadline: number;
  readonly answer: (outcome: E.Either<Err | ConcurrencyConflict, Handled<Event, State>>) => void;
  /** The turn threw (the store failed): the command's caller gets the error. */
  readonly fail: (error: unknown) => void;
}

interface TurnSettings {
  readonly read: 'stream' | 'lastEvent';
  readonly backoff: BackoffPolicy;
}

/**
 * One turn of a stream: the commands that waited for it, decided in the order they came on one
 * read of the stream, each on the state the ones before it left, and their events appended
 * together with the revision read (each event with its own command's metadata). A command the
 * state refuses gets its refusal and appends nothing. When another process appended first, the
 * turn waits its jittered backoff and decides them all again on a new read; a command whose
 * deadline would pass first ends as a ConcurrencyConflict, and no try of it starts at or after its
 * deadline (one whose deadline passed while it waited for the turn is not decided at all: its
 * request has been answered already).
 */
export const decideTogether = async <Command, Event extends DomainEvent, State, Err>(
  decider: Decider<Command, Event, State, Err>,
  settings: TurnSettings,
  streamName: string,
  waiting: readonly WaitingCommand<Command, Event, State, Err>[],
): Promise<void> => {
  const conflict: ConcurrencyConflict = { kind: 'ConcurrencyConflict', streamName };
  const stillDue = (at: number) => (w: WaitingCommand<Command, Event, State, Err>): boolean => {
    if (at < w.deadline) return true;
    w.answer(E.left(conflict));
    return false;
  };
  let open = waiting;
  for (let attempt = 1; ; attempt++) {
    open = open.filter(stillDue(Date.now()));
    if (open.length === 0) return;
    const { eventStore } = open[0].deps;
    const loaded = attempt === 1 && open.length === 1 && open[0].call.newStream === true
      ? { state: decider.initialState(), revision: null, last: null }
      : await loadStream(eventStore, streamName, decider, settings.read);
    let state = loaded.state;
    const decisions: { readonly w: WaitingCommand<Command, Event, State, Err>; readonly decided: E.Either<Err, readonly Event[]>; readonly after: State }[] = [];
    for (const w of open) {
      const made = typeof w.command === 'function' ? await (w.command as (s: State, l: RecordedEvent | null) => Promise<Command>)(state, loaded.last) : w.command;
      const decided = decider.decide(made, state);
      if (E.isRight(decided)) state = decided.right.reduce(decider.evolve, state);
      decisions.push({ w, decided, after: state });
    }
    const events = decisions.flatMap(({ w, decided }) => (E.isLeft(decided) ? [] : decided.right.map((e, i) => toEventData(e, w.call.contextOf ? w.call.contextOf(e, i) : w.ctx, w.deps.newId))));
    const appended = events.length === 0 ? null : await eventStore.appendToStream(streamName, events, { expectedRevision: loaded.revision ?? 'no_stream' });
    if (appended === null || E.isRight(appended)) {
      for (const { w, decided, after } of decisions) {
        w.answer(E.isLeft(decided) ? decided : E.right({ newEvents: decided.right, state: after, appended: appended !== null && decided.right.length > 0 ? appended.right : null }));
      }
      return;
    }
    // Another process appended since the read: decide again on what it wrote, while there is time.
    const delay = backoffDelayMs(attempt, settings.backoff);
    open = open.filter(stillDue(Date.now() + delay));
    if (open.length > 0) await sleep(delay);
  }
};
