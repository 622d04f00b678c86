import * as t from 'io-ts';

/** An integer as a request sends it (pages, limits, minutes): a JSON number with no fraction. */
export const WholeNumber = new t.Type<number, number, unknown>(
  'an integer', (u): u is number => Number.isInteger(u), (u, c) => (Number.isInteger(u) ? t.success(u as number) : t.failure(u, c)), t.identity,
);
