import { asciiFold, Desk, FIRST_NAMES, SURNAMES } from '../support/desk-data';

const DAY_MS = 86_400_000;
/** A fragment as an agent types it: the first six letters. */
const fragment = (name: string) => [...name].slice(0, 6).join('');

/** The surname of about 5 % of customers (the desk data's most common) and its fragment. */
const COMMON_SURNAME = SURNAMES[0][0];
export const COMMON_FRAGMENT = fragment(COMMON_SURNAME);
/**
 * Fragments of rare surnames (rank 200 and later, at least six letters: each under 0.1 % of
 * customers) found in no other name of the pools, as written or folded to ASCII (as in emails).
 */
export const RARE_FRAGMENTS: readonly string[] = (() => {
  const names = [...SURNAMES.map(([s]) => s), ...Object.values(FIRST_NAMES).flat()];
  const written = (f: string, own: string) => names.filter((n) => n !== own && (n.toLowerCase().includes(f.toLowerCase()) || asciiFold(n).includes(f.toLowerCase())));
  return SURNAMES.slice(200).map(([s]) => s).filter((s) => [...s].length >= 6 && !s.includes(' ')).map((s) => [s, fragment(s)] as const)
    .filter(([s, f]) => written(f, s).length === 0).map(([, f]) => f);
})();

export type ListBody = (r: number) => Record<string, unknown>;

/**
 * The list mix (issue 12, and issue 42's additions) over a desk's data: one body per kind, varied
 * by run `r` the same way in every benchmark that lists (over HTTP or in process). Bodies that name
 * a customer take the customer of one of the first `made` tickets (those that exist by now: all of
 * them, unless the desk is still being filled). Dates count back from `nowMs`.
 */
export const listMix = (desk: Desk, nowMs: number, made = desk.tickets): readonly (readonly [string, ListBody])[] => {
  const customerAt = (r: number, step: number) => desk.customer(desk.customerOf((r * step) % Math.max(1, made)));
  return [
    ['no filter', () => ({})],
    ['one status', () => ({ statuses: ['open'] })],
    ['search on a name fragment', (r) => {
      const c = customerAt(r, 131);
      return { search: `${c.firstName} ${[...c.lastName].slice(0, 4).join('')}` };
    }],
    ['one phone', (r) => ({ phoneNumber: customerAt(r, 977).phone })],
    ['ascending sort', () => ({ sortOrder: 'asc' })],
    ['last hour', () => ({ startDate: new Date(nowMs - 3_600_000).toISOString() })],
    ['page 3 of 250', () => ({ page: 3, limit: 250 })],
    ['search on a common fragment', () => ({ search: COMMON_FRAGMENT })],
    ['search on a rare fragment', (r) => ({ search: RARE_FRAGMENTS[r % RARE_FRAGMENTS.length] })],
    ['search on an email fragment', (r) => ({ search: customerAt(r, 389).email.split('@')[0] })],
    ['last 90 days', () => ({ startDate: new Date(nowMs - 90 * DAY_MS).toISOString(), endDate: new Date(nowMs).toISOString() })],
  ];
};
