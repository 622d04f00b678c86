import { HttpProblem, problem } from '@support/http-edge';

/**
 * Failure bodies of docs/api/records-and-actions.md (execute action): `error` (string) says what went wrong, `success: false`, and for
 * a 400 `errors` lists every input problem.
 */
export const actionProblem = (status: number, error: string, extra: Readonly<Record<string, unknown>> = {}): HttpProblem =>
  problem(status, error, { error, success: false, ...extra });

/** Problems named in the message of a 400; `errors` lists the first few more (see compactProblemBody). */
const NAMED_IN_MESSAGE = 5;

/** `omitted`: problems found but not listed in `errors` (a body with thousands of bad keys). */
export const invalidActionRequest = (errors: readonly string[], omitted = 0): HttpProblem => {
  const total = errors.length + omitted;
  const named = errors.slice(0, NAMED_IN_MESSAGE).join('; ');
  const more = total - Math.min(errors.length, NAMED_IN_MESSAGE);
  const message = total === 1 ? errors[0] : `${total} problems: ${named}${more > 0 ? `; and ${more} more` : ''}`;
  return actionProblem(400, message, { errors });
};
