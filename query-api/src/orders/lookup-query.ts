import * as E from 'fp-ts/Either';
import { CustomerIdentifier } from '@support/domain';
import { HttpProblem, problem } from '@support/http-edge';

const ACCEPTED = ['phone', 'email'] as const;

/** The query of GET /apis/orders: phone and/or email, each at most once, nothing else. */
export const decodeLookupQuery = (query: Record<string, string | string[] | undefined>): E.Either<HttpProblem, CustomerIdentifier> => {
  const unknown = Object.keys(query).find((k) => !(ACCEPTED as readonly string[]).includes(k));
  if (unknown !== undefined) return E.left(problem(400, `Unknown query parameter "${unknown}": accepted parameters are phone and email`, { code: 'invalid_request' }));
  const who: { phone?: string; email?: string } = {};
  for (const key of ACCEPTED) {
    const value = query[key];
    if (Array.isArray(value)) return E.left(problem(400, `${key} must be given once`, { code: 'invalid_request' }));
    if (typeof value === 'string' && value.trim() !== '') who[key] = value;
  }
  if (who.phone === undefined && who.email === undefined) return E.left(problem(400, 'phone or email is required: send ?phone=+14155550123 or ?email=name@example.com', { code: 'invalid_identifier' }));
  return E.right(who);
};
