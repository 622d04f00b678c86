import { COMMAND_RETRY, Decider, DomainEvent } from '@support/domain';
import { decisionDeadline } from './command-types';
import type { CallOptions, CommandHandler, CommandOf, ConcurrencyConflict, Handled, HandlerOptions, WriteDeps } from './command-types';
import { decideTogether, WaitingCommand } from './decide-together';
import { KeyedQueue } from './keyed-queue';

export type { CallOptions, CommandHandler, CommandOf, ConcurrencyConflict, Handled, HandlerOptions, WriteDeps } from './command-types';

/**
 * The command handler (Emmett's CommandHandler): bound once per decider, it loads the stream,
 * decides, and appends with the revision it read.
 *
 * The commands of one stream in one process never race each other: the stream's turns come one
 * after another (one queue per stream name, shared by every handler of the process), and the
 * commands that arrive while a turn runs wait and are decided together in the next one, on one
 * read and with one append (decide-together.ts). Only another process can append in between:
 * then the append is refused for its expected revision, and the turn waits a short jittered
 * backoff, reads again and decides again, for as long as each command's deadline allows. A
 * command whose deadline runs out first ends as a ConcurrencyConflict, which a route answers with
 * 503 and Retry-After. No retry loop wraps it anywhere.
 */

/** The turns of each stream, one after another: per process, whichever handler takes them. */
const streamTurns = new KeyedQueue();

export const commandHandler = <Command, Event extends DomainEvent, State, Err>(
  decider: Decider<Command, Event, State, Err>,
  options: HandlerOptions = {},
): CommandHandler<Command, Event, State, Err> => {
  type Waiting = WaitingCommand<Command, Event, State, Err>;
  const settings = { read: options.read ?? 'stream', backoff: options.backoff ?? COMMAND_RETRY } as const;
  /** Per stream: the commands waiting to be decided together in this handler's next turn on it. */
  const nextTurn = new Map<string, Waiting[]>();
  const takeTurn = (streamName: string, waiting: Waiting[]): void => {
    streamTurns.run(streamName, () => {
      if (nextTurn.get(streamName) === waiting) nextTurn.delete(streamName);
      return decideTogether(decider, settings, streamName, waiting);
    }).catch((e) => waiting.forEach((w) => w.fail(e)));
  };
  return (deps, streamName, command, ctx, call = {}) => new Promise((answer, fail) => {
    const waiting: Waiting = { deps, command, ctx, call, deadline: decisionDeadline(ctx), answer, fail };
    // A command made from the state it is decided on, or one on a new stream, takes a turn of its own.
    if (typeof command === 'function' || call.newStream === true) return takeTurn(streamName, [waiting]);
    const next = nextTurn.get(streamName);
    // Several stores may share a process (tests): only commands to the same store are decided together.
    if (next !== undefined && next[0].deps.eventStore === deps.eventStore) return void next.push(waiting);
    const turn = [waiting];
    nextTurn.set(streamName, turn);
    return takeTurn(streamName, turn);
  });
};
