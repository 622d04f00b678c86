import { Logger } from '@support/domain';

export type { Logger };

/** One JSON line per entry on stdout; LOG_LEVEL=silent turns it off (tests). */
const write = (level: string, message: string, fields?: Record<string, unknown>) => {
  if (process.env.LOG_LEVEL === 'silent') return;
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
};

export const jsonLogger: Logger = {
  info: (m, f) => write('info', m, f),
  warn: (m, f) => write('warn', m, f),
  error: (m, f) => write('error', m, f),
};

/** For an Error: its name and message only (never a stack trace to a client; stacks go to logs). */
export const errorFields = (e: unknown): Record<string, unknown> =>
  e instanceof Error ? { errorName: e.name, errorMessage: e.message, stack: e.stack } : { errorMessage: String(e) };
