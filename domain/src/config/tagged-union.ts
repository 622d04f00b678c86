import * as t from 'io-ts';
import { markCombinator } from './report-errors';

/**
 * A union chosen by a discriminant key, so that a bad member reports the errors of its
 * own branch (e.g. `dataPoints[3].expression`) instead of every branch of a plain t.union.
 */
export const taggedUnion = <K extends string, CS extends Record<string, t.Mixed>>(
  name: string,
  tag: K,
  branches: CS,
): t.Type<t.TypeOf<CS[keyof CS]>, unknown, unknown> & { readonly tag: K; readonly branches: CS } =>
  Object.assign(markCombinator(new t.Type<t.TypeOf<CS[keyof CS]>, unknown, unknown>(
    name,
    (u): u is t.TypeOf<CS[keyof CS]> =>
      typeof u === 'object' && u !== null && Object.values(branches).some((c) => c.is(u)),
    (u, c) => {
      if (typeof u !== 'object' || u === null) return t.failure(u, c, `must be an object`);
      const value = (u as Record<string, unknown>)[tag];
      const branch = typeof value === 'string' && Object.prototype.hasOwnProperty.call(branches, value) ? branches[value] : undefined;
      if (branch === undefined) {
        return t.failure(value, t.appendContext(c, tag, t.string, value), `must be one of ${Object.keys(branches).join(', ')}`);
      }
      return branch.validate(u, c);
    },
    t.identity,
  )), { tag, branches });
