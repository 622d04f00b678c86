import { TestService } from '../../support/test-service';
import { TOKENS } from '../../support/example-config';
import { createTicket, freshPhone } from '../create/support/ticket-service';

export { TOKENS, freshPhone };

/** POST /apis/tickets/{ticketId}/<command> with the admin token unless told otherwise. */
export const work = (svc: TestService, ticketId: string, command: string, body?: unknown, token: string = TOKENS.acmeAdmin) =>
  svc.api('POST', `/apis/tickets/${encodeURIComponent(ticketId)}/${command}`, { token, ...(body !== undefined ? { body } : {}) });

/** A new manual ticket of a new customer (no task, so no action runs; text processed at once, so no worker event comes later); answers its id. */
export const newTicket = async (svc: TestService, over: Record<string, unknown> = {}): Promise<string> => {
  const r = await createTicket(svc, { customer: { phone: freshPhone() }, query: 'My order is late', fastResponse: false, ...over });
  if (r.status !== 200) throw new Error(`ticket not created: ${r.status} ${r.text}`);
  return r.body.ticketId as string;
};

export const getTicket = async (svc: TestService, ticketId: string, token: string = TOKENS.acmeAdmin) =>
  svc.api('GET', `/apis/tickets/${encodeURIComponent(ticketId)}`, { token });

export const ticketHistory = async (svc: TestService, ticketId: string, token: string = TOKENS.acmeAdmin) =>
  svc.api('GET', `/apis/tickets/${encodeURIComponent(ticketId)}/events`, { token });

/** The ids the list answers for these filters (every page of up to 250). */
export const listIds = async (svc: TestService, filters: Record<string, unknown>): Promise<string[]> => {
  const r = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { limit: 250, ...filters } });
  if (r.status !== 200) throw new Error(`list failed: ${r.status} ${r.text}`);
  return r.body.data.map((t: { id: string }) => t.id);
};

export const iso = (text: string): string => new Date(text).toISOString();
