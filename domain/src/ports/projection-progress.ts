import { Position } from './event-store';

/**
 * Read your writes: a command waits (bounded) until the read models it affects have passed the
 * position it appended, so a client that creates and lists at once sees its ticket.
 */
export interface ProjectionProgress {
  /** true once every named projection has handled `position`; false when the timeout came first. */
  waitFor(projections: readonly string[], position: Position, timeoutMs: number): Promise<boolean>;
}

/** How long a command waits for its read models before it answers all the same (they catch up right after). */
export const READ_YOUR_WRITES_MS = 5_000;
