import { exampleConfig, withoutRateLimits } from '../../support/example-config';
import { Desk, deskAgents } from './desk-data';

const SOURCES = ['chatapp', 'email', 'liveChat', 'instagram', 'voiceCall', 'Walk-In', 'Phone Desk', 'kiosk'];

/**
 * The body of the benchmarks' manual ticket i of a desk (support/desk-data): its customer's (or
 * the one given) name, phone and email, its subject, query and order; varied sources (built-in and
 * manual labels), half on a task, summarized at once, always a new ticket.
 */
export const manualTicketBody = (desk: Desk, i: number, customer = desk.customerOf(i)) => {
  const t = desk.ticket(i);
  const c = desk.customer(customer);
  return {
    customer: { name: c.name, phone: c.phone, email: c.email },
    subject: t.subject, query: t.query, ...(t.orderName === null ? {} : { orderName: t.orderName }),
    source: SOURCES[i % SOURCES.length], ...(i % 2 === 0 ? { currentTaskId: 'task-general' } : {}), fastResponse: true, forceCreateTicket: true,
  };
};

/** The example configuration without rate limits, with the one task the bodies name and the desk's agents as users. */
export const benchConfig = () => {
  const config = withoutRateLimits(exampleConfig());
  const acme = config.accounts[0] as { tasks: unknown[]; users: unknown[] };
  acme.tasks = [{ id: 'task-general', name: 'General Question', teamId: 'team-care', transitions: [] }];
  acme.users = [...acme.users, ...deskAgents().map((a) => ({ ...a, role: 'agent' }))];
  return config;
};
