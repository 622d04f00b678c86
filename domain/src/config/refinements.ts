import * as t from 'io-ts';

const refine = <A>(base: t.Type<A, unknown, unknown>, ok: (a: A) => boolean, reason: string, name: string): t.Type<A, unknown, unknown> =>
  new t.Type<A, unknown, unknown>(
    name,
    (u): u is A => base.is(u) && ok(u),
    (u, c) => {
      const r = base.validate(u, c);
      if (r._tag === 'Left') return r;
      return ok(r.right) ? r : t.failure(u, c, reason);
    },
    t.identity,
  );

export const NonEmptyString = refine(t.string, (s) => s.trim().length > 0, 'must be a non-empty string', 'NonEmptyString');
export const PositiveInt = refine(t.number, (n) => Number.isInteger(n) && n > 0, 'must be a positive integer', 'PositiveInt');
export const Sha256Hex = refine(t.string, (s) => /^[0-9a-fA-F]{64}$/.test(s), 'must be a 64-character hex sha256 digest', 'Sha256Hex');
export const HourRange = refine(
  t.string,
  (s) => {
    const m = /^([01]\d|2[0-4]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/.exec(s);
    if (!m) return false;
    const from = Number(m[1]) * 60 + Number(m[2]);
    const to = Number(m[3]) * 60 + Number(m[4]);
    return from < to && to <= 24 * 60;
  },
  'must be "HH:MM-HH:MM" with the start before the end',
  'HourRange',
);
export const IsoDate = refine(
  t.string,
  (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)),
  'must be an ISO date (YYYY-MM-DD)',
  'IsoDate',
);
export const HttpUrl = refine(
  t.string,
  (s) => {
    try {
      const u = new URL(s.replace(/\{\{[^}]*\}\}/g, 'x'));
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  },
  'must be an absolute http(s) URL',
  'HttpUrl',
);
