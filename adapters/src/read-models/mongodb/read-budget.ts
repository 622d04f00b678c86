import { ReadBudgetExceeded, type ReadOptions } from '@support/domain';
import { READ_BUDGET_MS } from '../sqlite/readers/reader-pool';

/** MongoDB's error code for an operation stopped by its maxTimeMS (MaxTimeMSExpired). */
export const MAX_TIME_MS_EXPIRED = 50;

/** A read with a deadline is given this much less, so that its request still answers in time (the round trip back). */
const DEADLINE_MARGIN_MS = 250;

/**
 * A read's budget in ms, as the SQLite engine's reader threads count it: READ_BUDGET_MS at most,
 * less when the deadline comes sooner; 0 when none is left. Pure.
 */
export const readBudgetMs = (options: ReadOptions, now: number): number =>
  Math.max(0, Math.min(READ_BUDGET_MS, options.deadline === undefined ? READ_BUDGET_MS : options.deadline - now - DEADLINE_MARGIN_MS));

/** The error a read ended with, as the port names it: a server's MaxTimeMSExpired is ReadBudgetExceeded. Pure. */
export const asReadBudgetExceeded = (e: unknown, budgetMs: number): unknown =>
  (typeof e === 'object' && e !== null && (e as { code?: unknown }).code === MAX_TIME_MS_EXPIRED ? new ReadBudgetExceeded(budgetMs) : e);

/**
 * Runs a read with its budget as the server's `maxTimeMS` (the server stops it there, the engine's
 * own stop as SQLite's reader threads have theirs): a read with no budget left is refused at once
 * (a maxTimeMS of 0 would mean no limit), and one the server stopped is ReadBudgetExceeded, the
 * HTTP edge's 503 readTooBroad.
 */
export const withinBudget = async <T>(options: ReadOptions, read: (maxTimeMS: number) => Promise<T>, now: () => number = Date.now): Promise<T> => {
  const budgetMs = readBudgetMs(options, now());
  if (budgetMs < 1) throw new ReadBudgetExceeded(budgetMs);
  try {
    return await read(budgetMs);
  } catch (e) {
    throw asReadBudgetExceeded(e, budgetMs);
  }
};
