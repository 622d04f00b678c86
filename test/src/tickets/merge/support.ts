import { TestService } from '../../support/test-service';
import { TOKENS } from '../../support/example-config';
import { ticketEvents } from '../create/support/ticket-service';

/** POST /apis/tickets/{targetId}/merge with the admin token unless told otherwise. */
export const merge = (svc: TestService, targetId: string, body: unknown, options: { token?: string; key?: string } = {}) =>
  svc.api('POST', `/apis/tickets/${encodeURIComponent(targetId)}/merge`, {
    token: options.token ?? TOKENS.acmeAdmin, body, ...(options.key !== undefined ? { headers: { 'Idempotency-Key': options.key } } : {}),
  });

/** The types of a ticket's stream, oldest first. */
export const eventTypes = async (svc: TestService, ticketId: string): Promise<string[]> => (await ticketEvents(svc, ticketId)).map((e) => e.type);

/** How many events of this type the ticket's stream holds. */
export const countOf = async (svc: TestService, ticketId: string, type: string): Promise<number> => (await eventTypes(svc, ticketId)).filter((t) => t === type).length;
