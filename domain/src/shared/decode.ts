import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { formatPath, PathError, reportErrors } from '../config/report-errors';

/** A request that does not decode: each problem with the path of the bad field. */
export interface InvalidRequest {
  readonly kind: 'InvalidRequest';
  readonly problems: readonly PathError[];
  /** "customer.phone must be string, got 12" — the first problem, worded to say what to fix. */
  readonly message: string;
}

export const describeProblem = (p: PathError): string => `${formatPath(p.path) || 'body'} ${p.reason}`;

export const decodeRequest = <A>(codec: t.Decoder<unknown, A>, body: unknown): E.Either<InvalidRequest, A> => {
  const r = codec.decode(body);
  if (E.isRight(r)) return r;
  const problems = reportErrors(r.left);
  const unknownField = problems.find((p) => p.reason.startsWith('is not an accepted field'));
  const first = unknownField ?? problems[0];
  const message = unknownField ? `Unknown field "${formatPath(unknownField.path)}": ${unknownField.reason}` : describeProblem(first);
  return E.left({ kind: 'InvalidRequest', problems, message });
};
