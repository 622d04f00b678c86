/** The POST routes that take a JSON body, each with a body it accepts in the example configuration. */
export interface BodyRoute {
  readonly name: string;
  readonly path: string;
  readonly validBody: () => Record<string, unknown>;
}

export const MANUAL_TICKET: BodyRoute = {
  name: 'manual ticket',
  path: '/apis/tickets/manual',
  validBody: () => ({ customer: { name: 'Ada', phone: '+14155550101' }, query: 'Where is my order?' }),
};

export const TICKET_LIST: BodyRoute = {
  name: 'ticket list',
  path: '/apis/task-runs/tickets/list',
  validBody: () => ({ search: 'order', page: 1, limit: 10 }),
};

export const RECORD_INSERT: BodyRoute = {
  name: 'record insert',
  path: '/apis/resources/records/insert',
  validBody: () => ({ objectId: 'obj-inventory', data: { sku: 'SKU-1', qty: 3 } }),
};

export const RECORD_UPSERT: BodyRoute = {
  name: 'record upsert',
  path: '/apis/resources/records/upsert',
  validBody: () => ({ objectId: 'obj-inventory', idField: 'sku', idValue: 'SKU-2', data: { qty: 5 } }),
};

export const EXECUTE_ACTION: BodyRoute = {
  name: 'execute action',
  path: '/apis/workflow-config-library/execute-action/run',
  validBody: () => ({ executeActionKey: 'check_eligibility', inputs: { orderId: 'o-1', amount: 12.5 } }),
};

export const TEMPLATE_SEND: BodyRoute = {
  name: 'template send',
  path: '/apis/chatapp/template-send',
  validBody: () => ({ to: '+14155550102', template: { name: 'order_update', language: { code: 'en_US' } } }),
};

export const BODY_ROUTES: readonly BodyRoute[] = [MANUAL_TICKET, TICKET_LIST, RECORD_INSERT, RECORD_UPSERT, EXECUTE_ACTION, TEMPLATE_SEND];
