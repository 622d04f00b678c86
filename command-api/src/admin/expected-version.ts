import * as E from 'fp-ts/Either';
import type { Context } from 'koa';
import { HttpProblem, problem } from '@support/http-edge';

const ETAG = /^(?:W\/)?"?(\d{1,9})"?$/;

/**
 * The version a change was made on (docs/api/admin.md, Versions): `If-Match: "<version>"` (the
 * ETag of the GET) or `expectedVersion` in the body. One is required, so that two operators
 * changing one section at once never lose a change: the second is refused (412) and reads again.
 */
export const expectedVersion = (ctx: Context, inBody: number | undefined): E.Either<HttpProblem, number> => {
  const header = ctx.get('If-Match').trim();
  if (header !== '') {
    const m = ETAG.exec(header);
    if (m === null) return E.left(problem(400, `If-Match must be the version's ETag, such as "3", got ${header.slice(0, 40)}`));
    if (inBody !== undefined && inBody !== Number(m[1])) return E.left(problem(400, `If-Match ("${m[1]}") and expectedVersion (${inBody}) differ: send one of them`));
    return E.right(Number(m[1]));
  }
  if (inBody !== undefined) {
    return Number.isInteger(inBody) && inBody >= 0 ? E.right(inBody) : E.left(problem(400, `expectedVersion must be a whole number from 0, got ${inBody}`));
  }
  return E.left(problem(428, 'Send the version you read: the header If-Match: "<version>" (the ETag of the GET) or expectedVersion in the body'));
};
