import * as t from 'io-ts';
import { strictObject } from '../shared/strict';

/** Customer input of docs/api/tickets.md: no other keys accepted. */
export const CustomerInput = strictObject('CustomerInput', {}, {
  name: t.string,
  phone: t.string,
  email: t.string,
  storefrontCustomerId: t.string,
});
export type CustomerInput = t.TypeOf<typeof CustomerInput>;

/**
 * Request of POST /apis/tickets/manual (docs/api/tickets.md): no other keys accepted. `payload` and
 * `dataPointOverrides` are decoded loosely here and checked by their own rules afterwards, so that
 * their 400s say exactly what is wrong ("payload must be a JSON string", "Data point ...").
 */
export const CreateManualTicketRequest = strictObject('CreateManualTicketRequest', { customer: CustomerInput, query: t.string }, {
  orderName: t.string,
  subject: t.string,
  payload: t.unknown,
  payloadFormat: t.string,
  source: t.string,
  manualSourceLabel: t.string,
  currentTaskId: t.string,
  taskName: t.string,
  objectiveValues: t.record(t.string, t.string),
  dataPointOverrides: t.UnknownRecord,
  relatedTicketNumber: t.string,
  waitForTicket: t.boolean,
  forceCreateTicket: t.boolean,
  fastResponse: t.boolean,
  skipExecuteAction: t.boolean,
  images: t.array(t.string),
});
export type CreateManualTicketRequest = t.TypeOf<typeof CreateManualTicketRequest>;

/** Defaults of docs/api/tickets.md. skipExecuteAction: true when overrides are present, otherwise false. */
export const REQUEST_DEFAULTS = { waitForTicket: true, forceCreateTicket: false, fastResponse: false } as const;
