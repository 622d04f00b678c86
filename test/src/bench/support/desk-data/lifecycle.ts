import { choose, draw, STREAM, weighted, zipfWeights } from './random';

/**
 * Where a ticket's work stands: the lifecycle it went through (the workspace commands a desk
 * sends), who it is assigned to, and when each command came (ms after the creation). The service's
 * own statuses (domain/src/tickets): a ticket is open until assigned; an agent may mark it
 * in_progress; it is resolved, and closed some days after. A ticket first draws the lifecycle it
 * would reach given time (old tickets: mostly closed or resolved, a few forgotten open), then its
 * commands' delays; a command that would fall after now is not sent yet, so a young ticket stops
 * at an earlier status (the newest tickets are mostly open or assigned, as on a desk).
 */
export type Lifecycle = 'open' | 'assigned' | 'in_progress' | 'resolved' | 'closed';

/** The workspace commands of each lifecycle, in order. */
export const LIFECYCLE_STEPS: Readonly<Record<Lifecycle, readonly ('assign' | 'in_progress' | 'resolve' | 'close')[]>> = {
  open: [],
  assigned: ['assign'],
  in_progress: ['assign', 'in_progress'],
  resolved: ['assign', 'resolve'],
  closed: ['assign', 'resolve', 'close'],
};

export const LIFECYCLES = Object.keys(LIFECYCLE_STEPS) as Lifecycle[];

const GIVEN_TIME = weighted<Lifecycle>([['closed', 55], ['resolved', 25], ['in_progress', 6], ['assigned', 7], ['open', 7]]);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A delay drawn from an exponential law of that mean, at least `min`. */
const delay = (u: number, mean: number, min: number): number => min + Math.floor(-Math.log(1 - u) * mean);

export interface TicketWork {
  readonly lifecycle: Lifecycle;
  /** The assignee's place in the agent pool (0-based), or null: never assigned. */
  readonly agent: number | null;
  /** When each of LIFECYCLE_STEPS[lifecycle] came, ms after the creation. */
  readonly stepsMs: readonly number[];
}

/** The agents' shares: the busiest agent takes about 7 % of the assigned tickets, the least busy about 1.7 %. */
export const agentChoice = (agents: number) => weighted(zipfWeights(agents, 0.6, 2).map((w, a) => [a, w] as const));

export const ticketWork = (i: number, createdMs: number, nowMs: number, agents: ReturnType<typeof agentChoice>, seed: number): TicketWork => {
  const assign = delay(draw(seed, STREAM.assignAfter, i), 3 * HOUR, MINUTE);
  const work = assign + delay(draw(seed, STREAM.workAfter, i), 2 * HOUR, MINUTE);
  const resolve = assign + delay(draw(seed, STREAM.resolveAfter, i), 20 * HOUR, 10 * MINUTE);
  const close = resolve + delay(draw(seed, STREAM.closeAfter, i), 2 * DAY, 3 * DAY);
  const at: Readonly<Record<string, number>> = { assign, in_progress: work, resolve, close };
  let lifecycle = choose(GIVEN_TIME, draw(seed, STREAM.lifecycle, i));
  const fits = (l: Lifecycle) => LIFECYCLE_STEPS[l].every((s) => createdMs + at[s] <= nowMs);
  const earlier: Readonly<Record<Lifecycle, Lifecycle>> = { closed: 'resolved', resolved: 'assigned', in_progress: 'assigned', assigned: 'open', open: 'open' };
  while (!fits(lifecycle)) lifecycle = earlier[lifecycle];
  const steps = LIFECYCLE_STEPS[lifecycle];
  return {
    lifecycle,
    agent: steps.length === 0 ? null : choose(agents, draw(seed, STREAM.agent, i)),
    stepsMs: steps.map((s) => at[s]),
  };
};
