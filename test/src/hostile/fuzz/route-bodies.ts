import fc from 'fast-check';
import { BodyRoute, EXECUTE_ACTION, MANUAL_TICKET, RECORD_INSERT, RECORD_UPSERT, TEMPLATE_SEND, TICKET_LIST } from '../support/routes';
import { text } from './json-arbitraries';

type Body = Record<string, unknown>;

/** An object with some of the optional keys (fc.record with requiredKeys: []). */
const some = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T) => fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<Body>;

/** Mostly valid, so that most bodies get past the field checks to the command itself. */
const mostly = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<T>) => fc.oneof({ weight: 5, arbitrary: valid }, other);

const phone = mostly(fc.integer({ min: 2_000_000, max: 9_999_999 }).map((n) => `+1415${n}`), fc.oneof(fc.constantFrom('98765 43210', '+44 20 7946 0958', '12'), text));
const email = mostly(fc.emailAddress(), text);
const isoDate = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());

/** docs/api/tickets.md (CreateManualTicketRequest): customer and query, then the optional keys. */
const manualTicket = fc
  .record({
    customer: some({ name: text, phone, email, storefrontCustomerId: text }),
    query: text,
    rest: some({
      orderName: text, subject: text, payload: mostly(fc.constant('{"orderId":"A-1"}'), text), payloadFormat: fc.constantFrom('json', 'text'),
      source: fc.constantFrom('manual', 'email', 'chatapp', 'liveChat'), currentTaskId: mostly(fc.constant('task-refund'), fc.constant('task-x')),
      taskName: text, objectiveValues: fc.dictionary(text, text, { maxKeys: 3 }), dataPointOverrides: fc.dictionary(text, text, { maxKeys: 3 }),
      relatedTicketNumber: text, waitForTicket: fc.boolean(), forceCreateTicket: fc.boolean(), fastResponse: fc.boolean(), skipExecuteAction: fc.boolean(),
      images: fc.array(fc.constant('https://img.invalid/x.png'), { maxLength: 2 }),
    }),
  })
  .map(({ customer, query, rest }) => ({ customer, query, ...rest }));

/** docs/api/ticket-list.md (TicketListBody): the shared filters, page and limit. */
const ticketList = some({
  sortOrder: fc.constantFrom('asc', 'desc'), timestampKey: fc.constantFrom('createdAt', 'updatedAt', 'resolvedAt'), startDate: isoDate, endDate: isoDate,
  ignoreDateRange: fc.boolean(), statuses: fc.array(fc.constantFrom('open', 'resolved', 'queued'), { maxLength: 3 }), excludeInProgress: fc.boolean(),
  agentId: text, agentInvolvement: fc.constantFrom('only_ai', 'agents_involved'), unassigned: fc.boolean(), taskIds: fc.array(text, { maxLength: 3 }),
  noTaskIds: fc.boolean(), search: text, phoneNumber: phone, orderName: text, ticketNumber: fc.oneof(fc.integer(), text), source: text,
  manualSourceLabel: text, sentiments: fc.array(text, { maxLength: 2 }), page: mostly(fc.integer({ min: 1, max: 5 }), fc.integer({ min: -1, max: 0 })), limit: mostly(fc.integer({ min: 1, max: 250 }), fc.integer({ min: -1, max: 300 })),
});

/** The Inventory resource of the example configuration, field by field. */
const inventoryData = some({
  sku: text, qty: mostly<unknown>(fc.integer(), text), price: fc.double({ noNaN: true, noDefaultInfinity: true }), active: fc.boolean(), restockedAt: isoDate,
  customerPhone: phone, contact: email, tags: fc.array(text, { maxLength: 3 }), attributes: fc.dictionary(text, text, { maxKeys: 3 }),
});

const recordInsert = fc.record({ objectId: mostly(fc.constant('obj-inventory'), fc.constant('obj-missing')), data: inventoryData });
const recordUpsert = fc.record({ objectId: mostly(fc.constant('obj-inventory'), fc.constant('obj-missing')), idField: mostly(fc.constant('sku'), fc.constantFrom('qty', 'nope')), idValue: fc.oneof(text, fc.integer()), data: inventoryData.map(({ sku: _sku, ...rest }) => rest) });

/** docs/api/records-and-actions.md (execute action): an identifier (id, key or both) and inputs shaped for that action. */
const inputsOf: Record<string, fc.Arbitrary<Body>> = {
  'wcl-eligibility': some({ orderId: text, amount: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), text), express: fc.oneof(fc.boolean(), text) }),
  'wcl-notify': some({ ticketId: text }),
  'wcl-secret': some({ apiToken: text, count: fc.oneof(fc.integer(), text), when: fc.oneof(isoDate, text) }),
  'wcl-none': some({ x: text }),
};
const KEYS: Record<string, string> = { 'wcl-eligibility': 'check_eligibility', 'wcl-notify': 'notify_warehouse', 'wcl-secret': 'with_secret', 'wcl-none': 'no_such_key' };
const executeAction = fc
  .constantFrom(...Object.keys(inputsOf))
  .chain((id) => fc.record({ by: fc.constantFrom('id', 'key', 'both'), inputs: inputsOf[id] }).map(({ by, inputs }) => ({
    ...(by !== 'key' ? { workflowConfigLibraryId: id } : {}),
    ...(by !== 'id' ? { executeActionKey: KEYS[id] } : {}),
    inputs,
  })));

/** docs/api/chat-app.md (Send): to and template (name, language, components). */
const templateSend = fc.record(
  {
    to: phone,
    template: some({
      name: fc.oneof(fc.constantFrom('order_update', 'welcome_named', 'plain_notice'), text),
      language: fc.oneof(fc.record({ code: fc.constantFrom('en_US', 'xx') }), text),
      components: fc.array(fc.record({ type: fc.constantFrom('body', 'header', 'button'), parameters: fc.array(fc.record({ type: fc.constant('text'), text: text }), { maxLength: 2 }) }), { maxLength: 2 }),
    }),
    campaign: text,
    msg_id: text,
  },
  { requiredKeys: ['to', 'template'] },
);

/** Bodies generated from each route's own request schema (the codecs named above). */
export const BODY_ARBITRARIES: ReadonlyMap<BodyRoute, fc.Arbitrary<Body>> = new Map<BodyRoute, fc.Arbitrary<Body>>([
  [MANUAL_TICKET, manualTicket],
  [TICKET_LIST, ticketList],
  [RECORD_INSERT, recordInsert],
  [RECORD_UPSERT, recordUpsert],
  [EXECUTE_ACTION, executeAction],
  [TEMPLATE_SEND, templateSend],
]);
