import { seedCustomers, seedPhoneOf } from './seed-tickets';

/**
 * The speed issue's list mix (issue 12): one body per kind, varied by run `r` the same way in the
 * speed benchmark (over HTTP) and the list-mix benchmark (in process).
 */
export const listMix = (tickets: number, lastHour: string): readonly (readonly [string, (r: number) => Record<string, unknown>])[] => {
  const customers = seedCustomers(tickets);
  return [
    ['no filter', () => ({})],
    ['one status', () => ({ statuses: ['open'] })],
    ['search on a name fragment', (r) => ({ search: `customer ${(r * 131) % customers}` })],
    ['one phone', (r) => ({ phoneNumber: seedPhoneOf((r * 977) % customers) })],
    ['ascending sort', () => ({ sortOrder: 'asc' })],
    ['last hour', () => ({ startDate: lastHour })],
    ['page 3 of 250', () => ({ page: 3, limit: 250 })],
  ];
};
