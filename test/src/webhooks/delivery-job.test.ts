import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '@support/adapters';
import {
  Job, JobOutcome, RecordedEvent, WEBHOOK_SUBSCRIPTIONS_COLLECTION, webhookDeliveryId, webhookDeliveryStream, WebhookRequest,
  WebhookSubscriptionDocument, WEBHOOKS_PROJECTION,
} from '@support/domain';
import { readModelShapes, webhooksProjection } from '@support/projectors';
import { deliverWebhook, deliveryJobs, WebhookDeliveryJob, webhookMessagesOf, WebhookWorkerDeps } from '@support/workers';
import { tempSqliteReadModels, writeDocuments } from '../support/sqlite-read-models';
import { webhookWorkerDeps } from './worker-deps';

const AT = '2026-11-27T10:00:00.000Z';

/** A subscription of acme to ticket.created and ticket.assigned, made before every event of the test. */
const subscription = (id: string): WebhookSubscriptionDocument => ({
  _id: id, accountId: 'acme', url: 'https://crm.example.com/in', eventTypes: ['ticket.created', 'ticket.assigned'], description: null, enabled: true,
  disabledReason: null, secretVersion: 1, previousSecret: null, createdPosition: '0/0', createdAt: AT, updatedAt: AT, lastSuccessAt: null, failingSince: null,
});

describe('webhook delivery jobs: the messages of a batch of events, one job per subscription, each stream in its order', () => {
  let dir: string;
  let events: SqliteEventStore;
  let sent: string[];
  /** Answers by message id (200 unless said). */
  let answers: Map<string, number>;
  let deps: WebhookWorkerDeps;
  let offsetMs: number;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'webhook-delivery-job-'));
    events = SqliteEventStore.open({ file: path.join(dir, 'events.sqlite') });
    const readModels = tempSqliteReadModels();
    await readModels.declare(readModelShapes([webhooksProjection]));
    await writeDocuments(readModels, WEBHOOKS_PROJECTION, WEBHOOK_SUBSCRIPTIONS_COLLECTION, [subscription('wh-1'), subscription('wh-2')]);
    sent = [];
    answers = new Map();
    offsetMs = 0;
    deps = webhookWorkerDeps(events, readModels, async (r: WebhookRequest) => {
      sent.push(r.messageId);
      const status = answers.get(r.messageId) ?? 200;
      return { kind: 'answered', status, durationMs: 1, bodyExcerpt: '' };
    }, () => offsetMs);
  });
  afterEach(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const append = async (stream: string, type: string, data: Record<string, unknown>): Promise<RecordedEvent> => {
    const id = randomUUID();
    const r = await events.appendToStream(stream, [{ id, type, data: { accountId: 'acme', at: AT, ...data }, metadata: { version: 1, accountId: 'acme' } }], { expectedRevision: 'any' });
    if (r._tag === 'Left') throw new Error('append failed');
    for await (const e of events.readStream(stream, { direction: 'backwards', fromRevision: 'end', maxCount: 1 })) return e;
    throw new Error('not read back');
  };
  const lease = { extend: async () => true };
  const lastAttempt = async (messageId: string): Promise<Record<string, unknown> | null> => {
    const stream = webhookDeliveryStream(webhookDeliveryId('wh-1', messageId, null));
    for await (const e of events.readStream(stream, { direction: 'backwards', fromRevision: 'end', maxCount: 1 })) return e.data as Record<string, unknown>;
    return null;
  };
  // The log's first position is the subscriptions' createdPosition: the tickets' events come after it.
  beforeEach(() => append('other-0', 'Noted', {}));
  const run = (payload: WebhookDeliveryJob, deliveryCount: number): Promise<JobOutcome> =>
    deliverWebhook(deps, () => 0.5)({ id: 'job-1', kind: 'webhook-delivery', payload, dedupeId: 'd', deliveryCount, publishedAt: new Date() } as Job, lease);

  it('given events of two tickets, when dispatched, then each subscription gets one job holding every message in log order', async () => {
    // given
    const batch = [
      await append('ticket-a', 'TicketCreated', { ticketId: 'a' }), await append('ticket-b', 'TicketCreated', { ticketId: 'b' }),
      await append('ticket-a', 'TicketAssigned', { ticketId: 'a', agentId: 'u1' }),
    ];
    // when
    const jobs = await deliveryJobs(deps, batch);
    // then
    expect(jobs.map((j) => (j.payload as WebhookDeliveryJob).subscriptionId)).to.deep.equal(['wh-1', 'wh-2']);
    const messages = batch.flatMap(webhookMessagesOf).map((m) => m.messageId);
    for (const job of jobs) expect((job.payload as WebhookDeliveryJob).messages.map((m) => m.messageId)).to.deep.equal(messages);
    expect(new Set(jobs.map((j) => j.dedupeId)).size).to.equal(2);
    expect(await deliveryJobs(deps, batch)).to.deep.equal(jobs);
  });

  it('given a job whose first message of one ticket fails, when it runs, then the other ticket is delivered, the later message of the failing ticket waits, and the job comes back when the retry is due', async () => {
    // given
    const batch = [
      await append('ticket-a', 'TicketCreated', { ticketId: 'a' }), await append('ticket-b', 'TicketCreated', { ticketId: 'b' }),
      await append('ticket-a', 'TicketAssigned', { ticketId: 'a', agentId: 'u1' }),
    ];
    const [aCreated, bCreated, aAssigned] = batch.flatMap(webhookMessagesOf);
    answers.set(aCreated.messageId, 503);
    const payload = (await deliveryJobs(deps, batch))[0].payload as WebhookDeliveryJob;
    // when
    const first = await run(payload, 1);
    // then
    expect(sent).to.have.members([aCreated.messageId, bCreated.messageId]);
    expect(first.type).to.equal('retry');
    expect((first as { delayMs: number }).delayMs).to.be.within(3_000, 7_000);
    expect(await lastAttempt(bCreated.messageId)).to.include({ outcome: 'delivered', attempt: 1 });
    expect(await lastAttempt(aCreated.messageId)).to.include({ outcome: 'failed', attempt: 1 });
    expect(await lastAttempt(aAssigned.messageId)).to.equal(null);
    // when the job comes back once the retry is due, and the receiver answers
    answers.delete(aCreated.messageId);
    sent = [];
    offsetMs = 10_000;
    const second = await run(payload, 2);
    // then what was delivered is not sent again, and the ticket's messages go in its order
    expect(sent).to.deep.equal([aCreated.messageId, aAssigned.messageId]);
    expect(second).to.deep.equal({ type: 'ack' });
    expect(await lastAttempt(aCreated.messageId)).to.include({ outcome: 'delivered', attempt: 2 });
    expect(await lastAttempt(aAssigned.messageId)).to.include({ outcome: 'delivered', attempt: 1 });
  });
});
