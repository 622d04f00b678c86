import * as t from 'io-ts';
import { markCombinator } from '../config/report-errors';

/**
 * Like t.strict, but a key that is not declared is an error naming the key, because
 * request bodies of the spec accept "no other keys". Declared keys may be required or optional.
 */
export const strictObject = <R extends t.Props, O extends t.Props>(
  name: string,
  required: R,
  optional: O,
): t.Type<t.TypeOf<t.TypeC<R>> & t.TypeOf<t.PartialC<O>>, unknown, unknown> => {
  const base = t.intersection([t.type(required), t.partial(optional)]);
  const known = new Set([...Object.keys(required), ...Object.keys(optional)]);
  return markCombinator(new t.Type<t.TypeOf<t.TypeC<R>> & t.TypeOf<t.PartialC<O>>, unknown, unknown>(
    name,
    (u): u is t.TypeOf<t.TypeC<R>> & t.TypeOf<t.PartialC<O>> => base.is(u),
    (u, c) => {
      if (typeof u !== 'object' || u === null || Array.isArray(u)) return t.failure(u, c, 'must be a JSON object');
      const unknownKeys = Object.keys(u).filter((k) => !known.has(k));
      if (unknownKeys.length > 0) {
        return t.failures(
          unknownKeys.map((k) => ({
            value: (u as Record<string, unknown>)[k],
            context: t.appendContext(c, k, t.unknown, (u as Record<string, unknown>)[k]),
            message: `is not an accepted field: remove it (accepted fields: ${[...known].join(', ')})`,
          })),
        );
      }
      const r = base.validate(u, c);
      if (r._tag === 'Left') return r;
      // Drop keys whose value is undefined so optional fields read as absent.
      return t.success(r.right);
    },
    t.identity,
  ));
};
