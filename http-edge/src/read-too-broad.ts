import { HttpProblem, problem } from './problem';

/** Seconds a client waits before it sends again a read that ran past its budget. */
const READ_RETRY_AFTER_S = 5;

/** A read that ran past its budget and was stopped: the query is too broad for the moment. */
export const readTooBroad = (budgetMs: number): HttpProblem =>
  problem(
    503,
    `This read ran past its budget of ${(budgetMs / 1000).toFixed(1)} s and was stopped: narrow it (a date range, a status, a longer search text) or send it again shortly`,
    { retryAfter: READ_RETRY_AFTER_S },
    { 'Retry-After': String(READ_RETRY_AFTER_S) },
  );
