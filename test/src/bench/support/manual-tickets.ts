import { exampleConfig, withoutRateLimits } from '../../support/example-config';
import { seedPhoneOf } from '../list-mix/seed-tickets';

const WORDS = ['kettle', 'parcel', 'refund', 'invoice', 'delivery', 'exchange', 'warranty', 'coupon', 'address', 'damaged'];
const SOURCES = ['chatapp', 'email', 'liveChat', 'instagram', 'voiceCall', 'Walk-In', 'Phone Desk', 'kiosk'];

/**
 * The body of the benchmarks' manual ticket i, for that customer: varied words, sources (built-in
 * and manual labels), half on a task, summarized at once, always a new ticket.
 */
export const manualTicketBody = (i: number, customer: number) => {
  const word = WORDS[i % WORDS.length];
  return {
    customer: { name: `Customer ${customer}`, phone: seedPhoneOf(customer) },
    subject: `${word} question ${i}`, query: `Hello, my ${word} needs attention (request ${i}).`, orderName: `#S-${100_000 + i}`,
    source: SOURCES[i % SOURCES.length], ...(i % 2 === 0 ? { currentTaskId: 'task-general' } : {}), fastResponse: true, forceCreateTicket: true,
  };
};

/** The example configuration without rate limits and with the one task the bodies name. */
export const benchConfig = () => {
  const config = withoutRateLimits(exampleConfig());
  config.accounts[0].tasks = [{ id: 'task-general', name: 'General Question', teamId: 'team-care', transitions: [] }];
  return config;
};
