import { Country, COUNTRIES, emailOf, phoneOf } from './contacts';
import { agentChoice, ticketWork, TicketWork } from './lifecycle';
import { FIRST_NAMES, SURNAMES } from './names';
import { CLOSINGS, GREETINGS, Problem, PROBLEMS, PRODUCTS } from './phrases';
import { choose, draw, pick, STREAM, weighted, zipfWeights } from './random';
import { importedTimes, ticketTimes } from './rhythm';

/**
 * Benchmark data shaped like a real support desk, the same for every seed, tickets count and now:
 * - customers with a first name and a surname from the pools of names.ts (surname rank r holds a
 *   share ∝ 1 / (r + 3): Kowalski about 5 % of customers, most surnames under 0.2 %), a phone of
 *   their surname's country (three times in four, else of a country drawn) and an email made of
 *   their name, both unique;
 * - tickets per customer drawn from a power law (P(k) ∝ k^-2 for k = 1..60: 6 customers in 10 write
 *   once, about 1 in 8 five times or more, 2.9 tickets a customer on average), a customer's tickets
 *   scattered over the span at random;
 * - tickets over the last `spanDays` (180) with the weekly and daily rhythm of rhythm.ts, numbered in
 *   time order (ticket i is the (i+1)-th created);
 * - subjects and queries composed from phrases.ts, most naming an order `#S-<6 digits>`;
 * - the lifecycle, agent and command times of lifecycle.ts (agents `u-desk-01`.. `u-desk-<agents>`).
 * Customers are numbered in the order of their first ticket: customer 0 wrote ticket 0.
 */
interface DeskOptions {
  readonly tickets: number;
  /** The newest ticket is created at most at this time. */
  readonly nowMs: number;
  readonly seed?: number;
  readonly spanDays?: number;
  readonly agents?: number;
  /** Every ticket from a customer of its own (a desk's first day on the service: every customer new). Default: repeat customers, as a desk has them. */
  readonly newCustomers?: boolean;
  /**
   * An imported history: every ticket made within this many ms before now (a desk that moved its
   * history in through the API), instead of over `spanDays` with the rhythm of rhythm.ts.
   */
  readonly importedWithinMs?: number;
}

interface DeskCustomer {
  readonly index: number;
  readonly firstName: string;
  readonly lastName: string;
  /** "First Last". */
  readonly name: string;
  /** Lower case, unique. */
  readonly email: string;
  /** E.164, unique. */
  readonly phone: string;
  readonly country: Country;
}

interface DeskTicket extends TicketWork {
  readonly i: number;
  readonly customer: number;
  readonly createdAtMs: number;
  readonly subject: string;
  readonly query: string;
  /** `#S-123456`, or null: the ticket names no order. */
  readonly orderName: string | null;
  readonly product: string;
}

interface DeskAgent {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export interface Desk {
  readonly tickets: number;
  readonly customers: number;
  readonly nowMs: number;
  readonly spanDays: number;
  /** Set: every ticket was made within this many ms before now (an imported history). */
  readonly importedWithinMs: number | null;
  readonly agents: readonly DeskAgent[];
  readonly customer: (c: number) => DeskCustomer;
  readonly customerOf: (i: number) => number;
  readonly ticketsOf: (c: number) => number;
  readonly ticket: (i: number) => DeskTicket;
}

const MAX_TICKETS_PER_CUSTOMER = 60;
const TICKETS_PER_CUSTOMER = weighted(Array.from({ length: MAX_TICKETS_PER_CUSTOMER }, (_, k) => [k + 1, (k + 1) ** -2] as const));
const SURNAME = weighted(zipfWeights(SURNAMES.length, 1, 3).map((w, r) => [r, w] as const));
const PROBLEM = weighted(PROBLEMS.map((p) => [p, p.weight] as const));
/** A customer's first name is of their surname's country this often, else of a country drawn. */
const OWN_COUNTRY = 0.8;
/** A customer's phone is of their surname's country this often, else of a country drawn. */
const OWN_PHONE_COUNTRY = 0.75;
const ORDERS_OVER_SPAN = 800_000;

/** Customer c (numbered in first-ticket order) for each ticket, and each customer's number of tickets. */
const assignCustomers = (tickets: number, seed: number): { customerOf: Int32Array; ticketsOf: Int32Array } => {
  const counts: number[] = [];
  for (let made = 0; made < tickets;) {
    const k = Math.min(choose(TICKETS_PER_CUSTOMER, draw(seed, STREAM.ticketsOfCustomer, counts.length)), tickets - made);
    counts.push(k);
    made += k;
  }
  const slots = new Int32Array(tickets);
  let at = 0;
  counts.forEach((k, c) => slots.fill(c, at, (at += k)));
  for (let j = tickets - 1; j > 0; j--) {
    const other = Math.floor(draw(seed, STREAM.shuffle, j) * (j + 1));
    const held = slots[j];
    slots[j] = slots[other];
    slots[other] = held;
  }
  const renumbered = new Int32Array(counts.length).fill(-1);
  const ticketsOf = new Int32Array(counts.length);
  let next = 0;
  for (let i = 0; i < tickets; i++) {
    const c = slots[i];
    if (renumbered[c] < 0) {
      renumbered[c] = next++;
      ticketsOf[renumbered[c]] = counts[c];
    }
    slots[i] = renumbered[c];
  }
  return { customerOf: slots, ticketsOf };
};

const makeCustomer = (c: number, seed: number, emails: Set<string>): DeskCustomer => {
  const [lastName, home] = SURNAMES[choose(SURNAME, draw(seed, STREAM.surname, c))];
  const nameCountry = draw(seed, STREAM.ownCountry, c) < OWN_COUNTRY ? home : pick(COUNTRIES, seed, STREAM.country, c);
  const firstName = pick(FIRST_NAMES[nameCountry], seed, STREAM.firstName, c);
  const country = draw(seed, STREAM.ownPhoneCountry, c) < OWN_PHONE_COUNTRY ? home : pick(COUNTRIES, seed, STREAM.phoneCountry, c);
  let email = emailOf(firstName, lastName, home, c, seed);
  if (emails.has(email)) {
    const [local, domain] = email.split('@');
    let n = 2 + Math.floor(draw(seed, STREAM.emailSuffix, c) * 98);
    while (emails.has(`${local}${n}@${domain}`)) n++;
    email = `${local}${n}@${domain}`;
  }
  emails.add(email);
  return { index: c, firstName, lastName, name: `${firstName} ${lastName}`, email, phone: phoneOf(country, c, seed), country };
};

const fill = (text: string, product: string, orderName: string | null) => text.replace('{p}', product).replace('{o}', orderName ?? '');
const withoutOrder = (texts: readonly string[]) => texts.filter((t) => !t.includes('{o}'));

const texts = (i: number, createdMs: number, startMs: number, spanMs: number, firstName: string, seed: number) => {
  const problem: Problem = choose(PROBLEM, draw(seed, STREAM.problem, i));
  const product = pick(PRODUCTS, seed, STREAM.product, i);
  const hasOrder = draw(seed, STREAM.hasOrder, i) < problem.orderShare;
  // Orders are numbered in time order; a ticket is about an order placed some days before it.
  const orderNumber = 100_000 + Math.floor((ORDERS_OVER_SPAN * (createdMs - startMs)) / spanMs) + 3_000 - Math.floor(draw(seed, STREAM.orderAge, i) * 3_000);
  const orderName = hasOrder ? `#S-${orderNumber}` : null;
  const subjects = hasOrder ? problem.subjects : withoutOrder(problem.subjects);
  const openings = hasOrder ? problem.openings : withoutOrder(problem.openings);
  const greeting = pick(GREETINGS, seed, STREAM.greeting, i);
  const opening = fill(pick(openings, seed, STREAM.queryShape, i), product, orderName);
  const detail = pick(problem.details, seed, STREAM.detail, i);
  const closing = pick(CLOSINGS, seed, STREAM.closing, i);
  return {
    product, orderName,
    subject: fill(pick(subjects, seed, STREAM.subjectShape, i), product, orderName),
    query: `${greeting}${greeting === '' || opening.startsWith('I ') ? opening : opening[0].toLowerCase() + opening.slice(1)} ${detail}\n${closing},\n${firstName}`,
  };
};

/** The desk's agents (`u-desk-01`, ...): the same for every desk of that seed. */
export const deskAgents = (count = 30, seed = 42): DeskAgent[] =>
  Array.from({ length: count }, (_, a) => {
    const [lastName, country] = pick(SURNAMES, seed, STREAM.agentSurname, a);
    const firstName = pick(FIRST_NAMES[country], seed, STREAM.agentFirstName, a);
    const id = `u-desk-${String(a + 1).padStart(2, '0')}`;
    return { id, name: `${firstName} ${lastName}`, email: `${id}@acme.example` };
  });

export const deskData = (options: DeskOptions): Desk => {
  const { tickets, nowMs } = options;
  const seed = options.seed ?? 42;
  const spanDays = options.spanDays ?? 180;
  const times = options.importedWithinMs !== undefined ? importedTimes(tickets, nowMs, options.importedWithinMs, seed) : ticketTimes(tickets, nowMs, spanDays, seed);
  const spanMs = spanDays * 86_400_000;
  const startMs = nowMs - spanMs;
  const { customerOf, ticketsOf } = options.newCustomers === true
    ? { customerOf: Int32Array.from({ length: tickets }, (_, i) => i), ticketsOf: new Int32Array(tickets).fill(1) }
    : assignCustomers(tickets, seed);
  const emails = new Set<string>();
  const customers = Array.from({ length: ticketsOf.length }, (_, c) => makeCustomer(c, seed, emails));
  const agents = deskAgents(options.agents ?? 30, seed);
  const agentShares = agentChoice(agents.length);
  return {
    tickets, customers: customers.length, nowMs, spanDays, importedWithinMs: options.importedWithinMs ?? null, agents,
    customer: (c) => customers[c],
    customerOf: (i) => customerOf[i],
    ticketsOf: (c) => ticketsOf[c],
    ticket: (i) => {
      const createdAtMs = times[i];
      const customer = customerOf[i];
      return {
        i, customer, createdAtMs, ...texts(i, createdAtMs, startMs, spanMs, customers[customer].firstName, seed),
        ...ticketWork(i, createdAtMs, nowMs, agentShares, seed),
      };
    },
  };
};
