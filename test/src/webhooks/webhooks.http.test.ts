import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { eventually } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';
import { freshPhone, MANUAL } from '../tickets/create/support/ticket-service';
import { allowedHostsOf, startWebhookReceiver, WebhookReceiver } from './webhook-receiver';

const HOOKS = '/apis/webhooks';

/** Verifies a delivery as a receiver would, with the standardwebhooks package; answers its payload. */
const verified = (secret: string, delivery: { headers: Record<string, string>; body: string }) =>
  new Webhook(secret).verify(delivery.body, {
    'webhook-id': delivery.headers['webhook-id'], 'webhook-timestamp': delivery.headers['webhook-timestamp'], 'webhook-signature': delivery.headers['webhook-signature'],
  }) as { type: string; data: any; id: string; position: string; timestamp: string; version: number };

describe('webhooks: subscriptions, signed deliveries in order, the delivery log, rotation, ping and replay (an addition to the spec)', function () {
  this.timeout(60_000);
  let svc: TestService;
  let receiver: WebhookReceiver;
  /** The receiver's port, the one the service allows: each test has the receiver afresh on it. */
  let receiverPort: number;

  before(async () => {
    receiver = await startWebhookReceiver();
    receiverPort = Number(new URL(receiver.url).port);
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()), env: { WEBHOOK_ALLOWED_HOSTS: allowedHostsOf(receiver.url) } });
  });
  after(async () => {
    await svc?.stop();
    await receiver?.stop();
  });
  afterEach(async () => {
    await receiver.stop();
    receiver = await startWebhookReceiver('/hooks', receiverPort);
  });

  const subscribe = (body: unknown, token: string = TOKENS.acmeAdmin) => svc.api('POST', HOOKS, { token, body });
  const createTicket = async () => {
    const res = await svc.api('POST', MANUAL, { token: TOKENS.acmeAdmin, body: { customer: { phone: freshPhone() }, query: 'where is my parcel' } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.ticketId as string;
  };
  const ofTicket = (ticketId: string) => receiver.received.filter((r) => r.json?.data?.ticketId === ticketId);

  describe('subscriptions', () => {
    it('given an admin, when it subscribes, then the answer holds the secret once; the list and GET show the subscription without it; PATCH changes it; DELETE removes it', async () => {
      // when
      const made = await subscribe({ url: receiver.url, eventTypes: ['ticket.created'], description: 'CRM sync' });
      // then
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      expect(made.body.secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(made.body).to.include({ url: receiver.url, description: 'CRM sync', enabled: true, secretVersion: 1 });
      const id = made.body.id;
      const listed = await svc.api('GET', HOOKS, { token: TOKENS.acmeAdmin });
      expect(listed.body.data.map((s: { id: string }) => s.id)).to.include(id);
      expect(JSON.stringify(listed.body)).to.not.contain('whsec_');
      expect((await svc.api('GET', `${HOOKS}/${id}`, { token: TOKENS.acmeAdmin })).body).to.include({ id, enabled: true });
      // when changed
      const patched = await svc.api('PATCH', `${HOOKS}/${id}`, { token: TOKENS.acmeAdmin, body: { eventTypes: ['ticket.created', 'ticket.assigned'], enabled: false } });
      expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
      expect(patched.body).to.include({ enabled: false });
      expect(patched.body.eventTypes).to.deep.equal(['ticket.created', 'ticket.assigned']);
      // when deleted
      expect((await svc.api('DELETE', `${HOOKS}/${id}`, { token: TOKENS.acmeAdmin })).status).to.equal(200);
      expect((await svc.api('GET', `${HOOKS}/${id}`, { token: TOKENS.acmeAdmin })).status).to.equal(404);
      // and another account never sees it
      expect((await svc.api('GET', `${HOOKS}/${id}`, { token: TOKENS.globexAdmin })).status).to.equal(404);
    });

    it('refuses an agent\'s token, a plain http URL of a host not allowed, a private address, and an unknown event type, each saying what to fix', async () => {
      expect((await subscribe({ url: receiver.url, eventTypes: ['ticket.created'] }, TOKENS.acmeAgent)).status).to.equal(403);
      const http = await subscribe({ url: 'http://hooks.example.com/in', eventTypes: ['ticket.created'] });
      expect(http.status).to.equal(400);
      expect(http.body.message).to.match(/must be https/);
      const lan = await subscribe({ url: 'https://10.1.2.3/in', eventTypes: ['ticket.created'] });
      expect(lan.status).to.equal(400);
      expect(lan.body.message).to.match(/refused/);
      const unknown = await subscribe({ url: receiver.url, eventTypes: ['ticket.exploded'] });
      expect(unknown.status).to.equal(400);
      expect(unknown.body.message).to.contain('ticket.exploded');
    });
  });

  describe('deliveries', () => {
    it('given a subscription, when a ticket is created and worked, then each subscribed event arrives once, signed as Standard Webhooks says, in the ticket\'s order', async () => {
      // given
      const made = await subscribe({ url: receiver.url, eventTypes: ['ticket.created', 'ticket.assigned', 'ticket.status_changed'] });
      const secret = made.body.secret as string;
      // when
      const ticketId = await createTicket();
      expect((await svc.api('POST', `/apis/tickets/${ticketId}/assign`, { token: TOKENS.acmeAdmin, body: { agentId: 'u-agent' } })).status).to.equal(200);
      // then
      await eventually(() => ofTicket(ticketId).length >= 3, 'three deliveries', 20_000);
      const payloads = ofTicket(ticketId).map((r) => verified(secret, r));
      expect(payloads.map((p) => p.type)).to.deep.equal(['ticket.created', 'ticket.assigned', 'ticket.status_changed']);
      expect(payloads[0].data).to.include({ ticketId, status: 'open' });
      expect(payloads[1].data).to.include({ ticketId, agentId: 'u-agent' });
      expect(payloads[2].data).to.include({ ticketId, from: 'open', to: 'assigned' });
      expect(new Set(ofTicket(ticketId).map((r) => r.headers['webhook-id'])).size).to.equal(3);
      expect(JSON.stringify(ofTicket(ticketId).map((r) => r.body))).to.not.contain(TOKENS.acmeAdmin);
      await svc.api('DELETE', `${HOOKS}/${made.body.id}`, { token: TOKENS.acmeAdmin });
    });

    it('given a subscription to ticket.merged and ticket.split, when tickets are merged and one is split, then each arrives once, naming the tickets (merge and split, docs/api/merge-and-split.md)', async () => {
      // given
      const made = await subscribe({ url: receiver.url, eventTypes: ['ticket.merged', 'ticket.split'] });
      const [target, source] = [await createTicket(), await createTicket()];
      expect((await svc.api('POST', `/apis/tickets/${target}/calls`, { token: TOKENS.acmeAdmin, body: { callId: 'wh-call', direction: 'incoming', startedAt: '2030-01-07T09:00:00Z' } })).status).to.equal(200);
      // when
      expect((await svc.api('POST', `/apis/tickets/${target}/merge`, { token: TOKENS.acmeAdmin, body: { sourceTicketIds: [source], note: 'kim@example.com again' } })).status).to.equal(200);
      const split = await svc.api('POST', `/apis/tickets/${target}/split`, { token: TOKENS.acmeAdmin, body: { interactionIds: ['wh-call'] } });
      expect(split.status).to.equal(200);
      // then
      await eventually(() => ofTicket(target).length >= 2, 'two deliveries', 20_000);
      const payloads = ofTicket(target).map((r) => verified(made.body.secret as string, r));
      expect(payloads.map((p) => p.type)).to.deep.equal(['ticket.merged', 'ticket.split']);
      expect(payloads[0].data).to.include({ ticketId: target, mergedById: 'u-admin' });
      expect(payloads[0].data.mergedTicketIds).to.deep.equal([source]);
      expect(payloads[1].data).to.include({ ticketId: target, newTicketId: split.body.ticketId });
      expect(payloads[1].data.interactionIds).to.deep.equal(['wh-call']);
      expect(JSON.stringify(ofTicket(target).map((r) => r.body))).to.not.contain('kim@example.com');
      await svc.api('DELETE', `${HOOKS}/${made.body.id}`, { token: TOKENS.acmeAdmin });
    });

    it('given a receiver answering 503 then 200, then the delivery is retried and arrives; a 404 is not retried; the delivery log shows every attempt', async () => {
      // given
      const made = await subscribe({ url: receiver.url, eventTypes: ['ticket.created'] });
      receiver.script.push({ status: 503 });
      // when
      const first = await createTicket();
      // then: a retry about 5 s later succeeds
      await eventually(() => ofTicket(first).length >= 2, 'the retried delivery', 20_000);
      expect(ofTicket(first)[0].headers['webhook-id']).to.equal(ofTicket(first)[1].headers['webhook-id']);
      // when the receiver refuses with 404
      receiver.script.push({ status: 404 });
      const second = await createTicket();
      await eventually(() => ofTicket(second).length >= 1, 'the refused delivery', 10_000);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(ofTicket(second)).to.have.length(1);
      // and the log shows each attempt, newest first, filterable by outcome
      let log = await svc.api('GET', `${HOOKS}/${made.body.id}/deliveries`, { token: TOKENS.acmeAdmin });
      await eventually(async () => {
        log = await svc.api('GET', `${HOOKS}/${made.body.id}/deliveries`, { token: TOKENS.acmeAdmin });
        return log.body.data?.length >= 3;
      }, 'three attempts in the log', 10_000);
      expect(log.body.data.map((a: { statusCode: number }) => a.statusCode)).to.deep.equal([404, 200, 503]);
      expect(log.body.data[0]).to.include({ outcome: 'failed', retryAt: null, eventType: 'ticket.created' });
      expect(log.body.data[2].retryAt).to.be.a('string');
      const failed = await svc.api('GET', `${HOOKS}/${made.body.id}/deliveries?outcome=failed&limit=1`, { token: TOKENS.acmeAdmin });
      expect(failed.body.data.map((a: { statusCode: number }) => a.statusCode)).to.deep.equal([404]);
      const next = await svc.api('GET', `${HOOKS}/${made.body.id}/deliveries?outcome=failed&limit=1&cursor=${failed.body.nextCursor}`, { token: TOKENS.acmeAdmin });
      expect(next.body.data.map((a: { statusCode: number }) => a.statusCode)).to.deep.equal([503]);
      // and the metrics count each outcome
      const metrics = (await svc.api('GET', '/metrics')).text;
      for (const outcome of ['delivered', 'retry', 'failed']) expect(metrics).to.match(new RegExp(`^support_webhook_deliveries_total\\{outcome="${outcome}"\\} [1-9]`, 'm'));
      await svc.api('DELETE', `${HOOKS}/${made.body.id}`, { token: TOKENS.acmeAdmin });
    });
  });

  describe('a receiver that is down', () => {
    it('given the receiver down while a ticket is created and assigned, when it comes back, then it gets every event it missed, in the ticket\'s order, each once', async () => {
      // given a subscription, then the receiver goes down (connections refused)
      const made = await subscribe({ url: receiver.url, eventTypes: ['ticket.created', 'ticket.assigned', 'ticket.status_changed'] });
      const port = Number(new URL(receiver.url).port);
      await receiver.stop();
      const ticketId = await createTicket();
      expect((await svc.api('POST', `/apis/tickets/${ticketId}/assign`, { token: TOKENS.acmeAdmin, body: { agentId: 'u-agent' } })).status).to.equal(200);
      await new Promise((r) => setTimeout(r, 1_500));
      // and the metrics show the delivery waiting for its retry
      const metrics = (await svc.api('GET', '/metrics')).text;
      expect(metrics).to.match(/^support_webhook_retry_backlog\{account="acme"\} [1-9]\d*$/m);
      // by account: no subscription's id in what the monitoring reads (issue 57)
      expect(metrics).to.not.contain(made.body.id);
      // when it comes back on the same address
      receiver = await startWebhookReceiver('/hooks', port);
      // then the first retry (about 5 s after the failed attempt) delivers, and the later events follow it in order
      await eventually(() => ofTicket(ticketId).length >= 3, 'every missed event', 20_000);
      const payloads = ofTicket(ticketId).map((r) => verified(made.body.secret, r));
      expect(payloads.map((p) => p.type)).to.deep.equal(['ticket.created', 'ticket.assigned', 'ticket.status_changed']);
      // and only the first event met the outage: the others waited for it instead of failing
      const log = await svc.api('GET', `${HOOKS}/${made.body.id}/deliveries?outcome=failed`, { token: TOKENS.acmeAdmin });
      expect(log.body.data.map((a: { eventType: string }) => a.eventType)).to.deep.equal(['ticket.created']);
      await svc.api('DELETE', `${HOOKS}/${made.body.id}`, { token: TOKENS.acmeAdmin });
    });
  });

  describe('a customer erased (issue 59)', () => {
    it('given a record.inserted delivery of a customer\'s record waiting for its retry, when the customer is erased, then the retry is made from the log as it is then: it names none of the record\'s fields', async () => {
      // given a receiver that asks for the retry 12 s later (the erasure is done within about 7 s)
      receiver.script.push({ status: 503, headers: { 'retry-after': '12' } });
      const made = await subscribe({ url: receiver.url, eventTypes: ['record.inserted'] });
      const phone = freshPhone();
      const created = await svc.api('POST', MANUAL, { token: TOKENS.acmeAdmin, body: { customer: { name: 'Aino Korhonen', phone }, query: 'my kettle leaks', fastResponse: true } });
      const customerId = created.body.customer.id as string;
      const record = await svc.api('POST', '/apis/resources/records/insert', { token: TOKENS.acmeAdmin, body: { objectId: 'obj-inventory', data: { sku: 'AINO-KETTLE-1', customerPhone: phone } } });
      expect(record.body.record.customerId, 'the record is linked to the customer').to.equal(customerId);
      const ofRecord = () => receiver.received.filter((r) => r.json?.data?.recordId === record.body.record.id);
      await eventually(() => ofRecord().length === 1, 'the first attempt', 10_000);
      expect(ofRecord()[0]!.json.data.fields).to.deep.equal(['sku', 'customerPhone']);
      // when
      expect((await svc.api('POST', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin })).status).to.equal(202);
      await eventually(async () => (await svc.api('GET', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin })).body.status === 'erased', 'the erasure is done', 15_000);
      // then the retry is the same message, its data what the log gives now
      await eventually(() => ofRecord().length === 2, 'the retry', 20_000);
      const [first, retry] = ofRecord();
      expect(retry!.headers['webhook-id']).to.equal(first!.headers['webhook-id']);
      expect(retry!.json.data).to.deep.include({ customerId, fields: [] });
      await svc.api('DELETE', `${HOOKS}/${made.body.id}`, { token: TOKENS.acmeAdmin });
    });
  });

  describe('ping, rotation and replay', () => {
    it('pings: the receiver gets a signed webhook.ping and the answer says how it went', async () => {
      const made = await subscribe({ url: receiver.url, eventTypes: ['ticket.created'] });
      const ping = await svc.api('POST', `${HOOKS}/${made.body.id}/ping`, { token: TOKENS.acmeAdmin });
      expect(ping.status).to.equal(200);
      expect(ping.body).to.include({ delivered: true, statusCode: 200 });
      expect(verified(made.body.secret, receiver.received[0]).type).to.equal('webhook.ping');
      await svc.api('DELETE', `${HOOKS}/${made.body.id}`, { token: TOKENS.acmeAdmin });
    });

    it('rotates the secret: the new one is shown once, and deliveries verify with the new and, for a day, with the old', async () => {
      const made = await subscribe({ url: receiver.url, eventTypes: ['ticket.created'] });
      const rotated = await svc.api('POST', `${HOOKS}/${made.body.id}/rotate-secret`, { token: TOKENS.acmeAdmin });
      expect(rotated.status).to.equal(200);
      expect(rotated.body.secret).to.match(/^whsec_/).and.not.equal(made.body.secret);
      expect(rotated.body).to.include({ secretVersion: 2 });
      const ticketId = await createTicket();
      await eventually(() => ofTicket(ticketId).length >= 1, 'a delivery', 10_000);
      expect(verified(rotated.body.secret, ofTicket(ticketId)[0]).data.ticketId).to.equal(ticketId);
      expect(verified(made.body.secret, ofTicket(ticketId)[0]).data.ticketId).to.equal(ticketId);
      await svc.api('DELETE', `${HOOKS}/${made.body.id}`, { token: TOKENS.acmeAdmin });
    });

    it('replays from a time: the events since then are sent again; a bad start is refused saying what to send', async () => {
      const made = await subscribe({ url: receiver.url, eventTypes: ['ticket.created'] });
      const since = new Date(Date.now() - 1_000).toISOString();
      const ticketId = await createTicket();
      await eventually(() => ofTicket(ticketId).length === 1, 'delivered', 10_000);
      const replay = await svc.api('POST', `${HOOKS}/${made.body.id}/replay`, { token: TOKENS.acmeAdmin, body: { from: since } });
      expect(replay.status, JSON.stringify(replay.body)).to.equal(202);
      expect(replay.body).to.include({ fromTime: since, fromPosition: null });
      await eventually(() => ofTicket(ticketId).length === 2, 'replayed', 15_000);
      const both = await svc.api('POST', `${HOOKS}/${made.body.id}/replay`, { token: TOKENS.acmeAdmin, body: { from: since, fromPosition: '1/1' } });
      expect(both.status).to.equal(400);
      expect(both.body.message).to.match(/either from .* or fromPosition/);
      await svc.api('DELETE', `${HOOKS}/${made.body.id}`, { token: TOKENS.acmeAdmin });
    });

    it('replays: every matching event after a position is sent again, in order, under the webhook-id it had (the receiver\'s dedupe key)', async () => {
      const made = await subscribe({ url: receiver.url, eventTypes: ['ticket.created'] });
      const tickets = [await createTicket(), await createTicket()];
      await eventually(() => tickets.every((t) => ofTicket(t).length === 1), 'both delivered', 10_000);
      const firstPosition = verified(made.body.secret, ofTicket(tickets[0])[0]).position;
      const [commit, prepare] = firstPosition.split('/').map(BigInt);
      const before = `${commit - 1n}/${prepare - 1n}`;
      // when
      const replay = await svc.api('POST', `${HOOKS}/${made.body.id}/replay`, { token: TOKENS.acmeAdmin, body: { fromPosition: before } });
      expect(replay.status, JSON.stringify(replay.body)).to.equal(202);
      // then both are sent again, with the same webhook-id as before (a receiver dedupes them)
      await eventually(() => tickets.every((t) => ofTicket(t).length === 2), 'both replayed', 15_000);
      for (const t of tickets) expect(ofTicket(t)[1].headers['webhook-id']).to.equal(ofTicket(t)[0].headers['webhook-id']);
      // and the log lists the replay's deliveries under its id
      await eventually(async () => {
        const replayed = await svc.api('GET', `${HOOKS}/${made.body.id}/deliveries?replayId=${replay.body.replayId}`, { token: TOKENS.acmeAdmin });
        return replayed.body.data.length === 2;
      }, 'the replay in the delivery log', 5_000);
      await svc.api('DELETE', `${HOOKS}/${made.body.id}`, { token: TOKENS.acmeAdmin });
    });
  });
});
