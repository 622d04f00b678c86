import { Logger } from '@support/domain';

export type { Logger };

/** For an Error: its name and message only (never a stack trace to a client; stacks go to logs). */
export const errorFields = (e: unknown): Record<string, unknown> =>
  e instanceof Error ? { errorName: e.name, errorMessage: e.message, stack: e.stack } : { errorMessage: String(e) };
