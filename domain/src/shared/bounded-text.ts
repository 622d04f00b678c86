import * as t from 'io-ts';

/**
 * A string of at most `max` characters. Free text that reaches a query (a search becomes a regular
 * expression) is bounded so that no request can make the query itself fail.
 */
export const boundedText = (max: number): t.Type<string, string, unknown> =>
  new t.Type<string, string, unknown>(
    `a string of at most ${max} characters`,
    (u): u is string => typeof u === 'string' && u.length <= max,
    (u, c) =>
      typeof u !== 'string'
        ? t.failure(u, c)
        : u.length <= max
          ? t.success(u)
          : t.failure(u, c, `must be at most ${max} characters, got ${u.length}: shorten it`),
    t.identity,
  );
