import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../../support/example-config';
import { startTestService, TestService } from '../../support/test-service';
import { allowedHostsOf, ReceivedWebhook, startWebhookReceiver, WebhookReceiver } from '../../webhooks/webhook-receiver';

/** A manual ticket of acme for the customer with this phone, on the order name a test reads its export by; its id. */
export const createSlaTicket = async (svc: TestService, phone: string, orderName: string): Promise<string> => {
  const r = await svc.api('POST', '/apis/tickets/manual', {
    token: TOKENS.acmeAdmin, body: { customer: { phone }, query: 'Where is my parcel?', orderName, fastResponse: false },
  });
  expect(r.status, r.text).to.equal(200);
  return r.body.ticketId as string;
};

/** The webhooks of `type` about the ticket the receiver got, once they are `count` (within 5 s, the promise), or what there is then. */
export const deliveredWebhooks = async (receiver: WebhookReceiver, ticketId: string, type: string, count = 1): Promise<ReceivedWebhook[]> => {
  const until = Date.now() + 5_000;
  for (;;) {
    const found = receiver.received.filter((r) => r.json?.type === type && r.json?.data?.ticketId === ticketId);
    if (found.length >= count || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The service with acme's demo SLA policies in plain time (its opening hours removed: a first response within 60 minutes), its clock at `nowMs()`. */
export const startSlaService = (nowMs: () => number, env: NodeJS.ProcessEnv = {}): Promise<TestService> => {
  const config = withoutRateLimits(exampleConfig()) as { accounts: Record<string, unknown>[] };
  delete config.accounts.find((a) => a.id === 'acme')!.openingHours;
  return startTestService({ config, env, overrides: { clock: { now: () => new Date(nowMs()) } } });
};

/** startSlaService with a webhook receiver subscribed to `eventTypes` of acme. */
export const startSlaDesk = async (nowMs: () => number, eventTypes: readonly string[]): Promise<{ svc: TestService; receiver: WebhookReceiver }> => {
  const receiver = await startWebhookReceiver();
  const svc = await startSlaService(nowMs, { WEBHOOK_ALLOWED_HOSTS: allowedHostsOf(receiver.url) });
  const subscribed = await svc.api('POST', '/apis/webhooks', { token: TOKENS.acmeAdmin, body: { url: receiver.url, eventTypes } });
  expect(subscribed.status, subscribed.text).to.equal(201);
  return { svc, receiver };
};

export type SlaTrailEvent = { type: string; data: Record<string, unknown> };
export type SlaTargetView = { label: string; state: string; dueAt: string | null; pausedAt?: string };

/** GET /apis/tickets/{ticketId}/sla as acme's admin: the ticket's targets and SLA events. */
export const ticketSla = async (svc: TestService, ticketId: string): Promise<{ targets: SlaTargetView[]; events: SlaTrailEvent[] }> => {
  const r = await svc.api('GET', `/apis/tickets/${ticketId}/sla`, { token: TOKENS.acmeAdmin });
  expect(r.status, r.text).to.equal(200);
  return r.body;
};

/** The ticket's SLA events once `count` of them are recorded (within 5 s, the promise), or what there is then. */
export const slaEventsOnce = async (svc: TestService, ticketId: string, count: number): Promise<SlaTrailEvent[]> => {
  const until = Date.now() + 5_000;
  for (;;) {
    const { events } = await ticketSla(svc, ticketId);
    if (events.length >= count || Date.now() > until) return events;
    await new Promise((r) => setTimeout(r, 100));
  }
};
