import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The niceness reader threads run at: the thread that serves requests (0) goes first when both want the core. */
export const READER_NICENESS = 10;

/**
 * Lowers the calling thread's scheduling priority (Linux: setpriority of the thread's own id,
 * found through /proc/thread-self). Where that is not available the thread keeps the process's
 * priority: a long read then shares the core evenly with the event loop instead of yielding to it.
 */
export const lowerThisThreadsPriority = (niceness: number = READER_NICENESS): boolean => {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, niceness);
    return true;
  } catch {
    return false;
  }
};
