import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { formatPath, PathError, reportErrors } from '../config/report-errors';

/** A refused request lists at most this many problems; the rest are counted (omittedProblems). */
const MAX_REPORTED_PROBLEMS = 10;
/** Unknown keys named in one message. */
const NAMED_UNKNOWN_FIELDS = 3;

/** A request that does not decode: each problem with the path of the bad field. */
export interface InvalidRequest {
  readonly kind: 'InvalidRequest';
  /** The first MAX_REPORTED_PROBLEMS problems. */
  readonly problems: readonly PathError[];
  /** How many more problems there were. */
  readonly omittedProblems: number;
  /** "customer.phone must be string, got 12" — the first problem, worded to say what to fix. */
  readonly message: string;
}

export const describeProblem = (p: PathError): string => `${formatPath(p.path) || 'body'} ${p.reason}`;

const UNKNOWN_FIELD = 'is not an accepted field';

/** One unknown key: as before. Many: the first few by name and how many more, so the answer stays small. */
const unknownFieldsMessage = (unknown: readonly PathError[]): string => {
  if (unknown.length === 1) return `Unknown field "${formatPath(unknown[0].path)}": ${unknown[0].reason}`;
  const named = unknown.slice(0, NAMED_UNKNOWN_FIELDS).map((p) => `"${formatPath(p.path)}"`).join(', ');
  const more = unknown.length - NAMED_UNKNOWN_FIELDS;
  return `${unknown.length} unknown fields (${named}${more > 0 ? ` and ${more} more` : ''}): each ${unknown[0].reason}`;
};

export const decodeRequest = <A>(codec: t.Decoder<unknown, A>, body: unknown): E.Either<InvalidRequest, A> => {
  const r = codec.decode(body);
  if (E.isRight(r)) return r;
  const all = reportErrors(r.left);
  const unknown = all.filter((p) => p.reason.startsWith(UNKNOWN_FIELD));
  const message = unknown.length > 0 ? unknownFieldsMessage(unknown) : describeProblem(all[0]);
  const problems = all.slice(0, MAX_REPORTED_PROBLEMS);
  return E.left({ kind: 'InvalidRequest', problems, omittedProblems: all.length - problems.length, message });
};
