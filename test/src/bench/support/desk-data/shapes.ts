import type { Desk } from './desk';
import { LIFECYCLES, Lifecycle } from './lifecycle';
import { SURNAMES } from './names';

/** The shapes of a desk's data, counted over all of it: what the benchmarks print and the distribution test checks. */
interface DeskShapes {
  /** Customers by surname, the most common first: [surname, share of customers]. */
  readonly surnames: readonly (readonly [string, number])[];
  readonly ticketsPerCustomer: { readonly mean: number; readonly median: number; readonly max: number; readonly once: number; readonly fiveOrMore: number };
  /** Share of tickets whose customer wrote more than one. */
  readonly fromRepeatCustomers: number;
  /** Share of tickets created in the last day, and in the last 90 days. */
  readonly lastDay: number;
  readonly last90Days: number;
  readonly lifecycles: Readonly<Record<Lifecycle, number>>;
  /** Share of the assigned tickets held by the busiest agent, and by the least busy. */
  readonly busiestAgent: number;
  readonly leastBusyAgent: number;
  /** Share of tickets that name an order. */
  readonly withOrder: number;
  /** Distinct subjects among the tickets. */
  readonly distinctSubjects: number;
}

const DAY = 86_400_000;

export const deskShapes = (desk: Desk): DeskShapes => {
  const bySurname = new Map<string, number>(SURNAMES.map(([s]) => [s, 0]));
  const perCustomer: number[] = [];
  for (let c = 0; c < desk.customers; c++) {
    const s = desk.customer(c).lastName;
    bySurname.set(s, (bySurname.get(s) ?? 0) + 1);
    perCustomer.push(desk.ticketsOf(c));
  }
  perCustomer.sort((a, b) => a - b);
  const lifecycles = Object.fromEntries(LIFECYCLES.map((l) => [l, 0])) as Record<Lifecycle, number>;
  const byAgent = new Array<number>(desk.agents.length).fill(0);
  let assigned = 0;
  let lastDay = 0;
  let last90Days = 0;
  let repeat = 0;
  let withOrder = 0;
  const subjects = new Set<string>();
  for (let i = 0; i < desk.tickets; i++) {
    const t = desk.ticket(i);
    lifecycles[t.lifecycle]++;
    if (t.agent !== null) {
      byAgent[t.agent]++;
      assigned++;
    }
    if (t.createdAtMs > desk.nowMs - DAY) lastDay++;
    if (t.createdAtMs > desk.nowMs - 90 * DAY) last90Days++;
    if (desk.ticketsOf(t.customer) > 1) repeat++;
    if (t.orderName !== null) withOrder++;
    subjects.add(t.subject);
  }
  const n = desk.tickets;
  return {
    surnames: [...bySurname].map(([s, k]) => [s, k / desk.customers] as const).sort((a, b) => b[1] - a[1]),
    ticketsPerCustomer: {
      mean: n / desk.customers, median: perCustomer[Math.floor(perCustomer.length / 2)], max: perCustomer[perCustomer.length - 1],
      once: perCustomer.filter((k) => k === 1).length / desk.customers, fiveOrMore: perCustomer.filter((k) => k >= 5).length / desk.customers,
    },
    fromRepeatCustomers: repeat / n, lastDay: lastDay / n, last90Days: last90Days / n,
    lifecycles: Object.fromEntries(LIFECYCLES.map((l) => [l, lifecycles[l] / n])) as Record<Lifecycle, number>,
    busiestAgent: Math.max(...byAgent) / Math.max(1, assigned), leastBusyAgent: Math.min(...byAgent) / Math.max(1, assigned),
    withOrder: withOrder / n, distinctSubjects: subjects.size,
  };
};

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** The shapes in a few lines, for a benchmark's output. */
export const describeDesk = (desk: Desk, s: DeskShapes = deskShapes(desk)): string[] => [
  `desk data: ${desk.tickets.toLocaleString('en-US')} tickets of ${desk.customers.toLocaleString('en-US')} customers ${desk.importedWithinMs === null ? `over the last ${desk.spanDays} days` : `made within the last ${(desk.importedWithinMs / 60_000).toFixed(0)} minutes (an imported history)`} (the last day holds ${pct(s.lastDay)}, the last 90 days ${pct(s.last90Days)})`,
  `  surnames: ${s.surnames.slice(0, 3).map(([n, x]) => `${n} ${pct(x)}`).join(', ')} of customers; ${s.surnames.filter(([, x]) => x >= 0.01).length} of ${s.surnames.length} at 1 % or more, half under ${pct(s.surnames[Math.floor(s.surnames.length / 2)][1])}`,
  `  tickets a customer: mean ${s.ticketsPerCustomer.mean.toFixed(2)}, median ${s.ticketsPerCustomer.median}, max ${s.ticketsPerCustomer.max}; ${pct(s.ticketsPerCustomer.once)} of customers wrote once, ${pct(s.ticketsPerCustomer.fiveOrMore)} five times or more; ${pct(s.fromRepeatCustomers)} of tickets from repeat customers`,
  `  statuses: ${LIFECYCLES.map((l) => `${l} ${pct(s.lifecycles[l])}`).join(', ')}; ${desk.agents.length} agents, the busiest holds ${pct(s.busiestAgent)} of assigned tickets, the least busy ${pct(s.leastBusyAgent)}`,
  `  ${pct(s.withOrder)} name an order; ${s.distinctSubjects.toLocaleString('en-US')} distinct subjects`,
];
