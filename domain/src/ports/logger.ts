/**
 * Structured logs. Callers pass only safe fields: ids, routes, statuses, durations, error
 * kinds; never tokens, request bodies, phone numbers or emails.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}
