import { HttpProblem, MAX_PROBLEM_ITEMS, problem } from '@support/http-edge';
import { RecordProblem, recordProblemMessage } from '@support/domain';

/**
 * The HTTP answer of a refused record request (404 for the resource, 400 for the rest). With more
 * problems than an error answer lists, the message says how many more there are.
 */
export const recordHttpProblem = (p: RecordProblem, others: readonly RecordProblem[] = []): HttpProblem => {
  const status = p.kind === 'resourceNotFound' ? 404 : 400;
  const extra: Record<string, unknown> = {};
  if (p.kind === 'unknownField') extra.acceptedFields = p.acceptedFields;
  if (p.kind === 'ambiguousIdentifier') extra.matchingRecordIds = p.recordIds;
  if (others.length > 1) extra.errors = others.map(recordProblemMessage);
  const more = others.length > MAX_PROBLEM_ITEMS ? `; and ${others.length - 1} more problems (errors lists the first ${MAX_PROBLEM_ITEMS})` : '';
  return problem(status, `${recordProblemMessage(p)}${more}`, extra);
};
