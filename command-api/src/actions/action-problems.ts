import { HttpProblem, problem } from '@support/adapters';

/**
 * Failure bodies of spec 4.9: `error` (string) says what went wrong, `success: false`, and for
 * a 400 `errors` lists every input problem.
 */
export const actionProblem = (status: number, error: string, extra: Readonly<Record<string, unknown>> = {}): HttpProblem =>
  problem(status, error, { error, success: false, ...extra });

export const invalidActionRequest = (errors: readonly string[]): HttpProblem =>
  actionProblem(400, errors.length === 1 ? errors[0] : `${errors.length} problems: ${errors.join('; ')}`, { errors });
