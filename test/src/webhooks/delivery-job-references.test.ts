import { expect } from 'chai';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SqliteDataKeys, SqliteEventStore } from '@support/adapters';
import {
  Job, RecordedEvent, sealedEnvelopeOf, WEBHOOK_SUBSCRIPTIONS_COLLECTION, webhookPayload, WebhookRequest, WebhookSubscriptionDocument, WEBHOOKS_PROJECTION,
} from '@support/domain';
import { SealingEventStore, sealingEventStore } from '@support/event-sourcing';
import { readModelShapes, webhooksProjection } from '@support/projectors';
import { deliverWebhook, deliveryJobs, webhookMessagesOf, WebhookWorkerDeps } from '@support/workers';
import { makeTempDir } from '../event-store/sqlite-engine';
import { tempSqliteReadModels, writeDocuments } from '../support/sqlite-read-models';
import { webhookWorkerDeps } from './worker-deps';

const AT = '2026-12-07T10:00:00.000Z';
/** The customer's record fields: what the record.inserted webhook names (`fields`) and an erasure takes. */
const RECORD_DATA = { shippingAddressOfZofia: 'ul. Kwiatowa 5, Kraków', loyaltyNumberOfZofia: 'PL-7731-0042' };

const subscription: WebhookSubscriptionDocument = {
  _id: 'wh-1', accountId: 'acme', url: 'https://crm.example.com/in', eventTypes: ['record.inserted'], description: null, enabled: true,
  disabledReason: null, secretVersion: 1, previousSecret: null, createdPosition: '0/0', createdAt: AT, updatedAt: AT, lastSuccessAt: null, failingSince: null,
};

describe('webhook delivery jobs hold references to the log, not data: the data is read from the log when sent (issue 59)', () => {
  let temp: { dir: string; remove(): Promise<void> };
  let log: SqliteEventStore;
  let store: SealingEventStore;
  let bodies: string[];
  let status: number;
  let offsetMs: number;
  let deps: WebhookWorkerDeps;

  beforeEach(async () => {
    temp = await makeTempDir();
    log = SqliteEventStore.open({ file: join(temp.dir, 'events.sqlite') });
    store = sealingEventStore(log, SqliteDataKeys.open(join(temp.dir, 'keys.sqlite')));
    const readModels = tempSqliteReadModels();
    await readModels.declare(readModelShapes([webhooksProjection]));
    await writeDocuments(readModels, WEBHOOKS_PROJECTION, WEBHOOK_SUBSCRIPTIONS_COLLECTION, [subscription]);
    bodies = [];
    status = 200;
    offsetMs = 0;
    deps = webhookWorkerDeps(store, readModels, async (r: WebhookRequest) => {
      bodies.push(r.body);
      return { kind: 'answered', status, durationMs: 1, bodyExcerpt: '' };
    }, () => offsetMs);
    // The log's first position is the subscription's createdPosition: the record's event comes after it.
    await store.appendToStream('other-0', [{ id: randomUUID(), type: 'Noted', data: {}, metadata: { version: 1 } }], { expectedRevision: 'any' });
  });
  afterEach(async () => {
    await store.close();
    await temp.remove();
  });

  /** A record of the customer inserted through the sealing store (its fields sealed in the log), as read back opened. */
  const recordInserted = async (): Promise<RecordedEvent> => {
    const stream = `resource_record-${randomUUID()}`;
    await store.appendToStream(stream, [{
      id: randomUUID(), type: 'ResourceRecordInserted', metadata: { version: 1, accountId: 'acme' },
      data: { recordId: stream.slice(16), accountId: 'acme', objectId: 'orders', customerId: 'c-zofia', data: RECORD_DATA, createdAt: AT },
    }], { expectedRevision: 'no_stream' });
    for await (const e of store.readStream(stream)) return e;
    throw new Error('not read back');
  };
  /** The body the receiver got before this change: the message's data as the fan-out made it. */
  const bodyOf = (event: RecordedEvent): string => {
    const [m] = webhookMessagesOf(event);
    return JSON.stringify(webhookPayload(m!.messageId, m!.position, m!.occurredAt, { type: m!.type, accountId: m!.accountId, data: m!.data }));
  };
  /** A job as the queue gives it back: its payload through JSON. */
  const run = (payload: unknown, deliveryCount: number) =>
    deliverWebhook(deps, () => 0.5)({ id: 'job-1', kind: 'webhook-delivery', payload: JSON.parse(JSON.stringify(payload)), dedupeId: 'd', deliveryCount, publishedAt: new Date() } as Job, { extend: async () => true });
  const eraseRecord = async (event: RecordedEvent) => {
    for await (const stored of log.readStream(event.streamName)) await store.eraseKeys([sealedEnvelopeOf(stored.data)!.k]);
  };

  it('given a customer\'s record inserted, when its delivery job is made and run, then the job holds none of the record\'s data and the receiver gets the same body as before', async () => {
    // given
    const event = await recordInserted();
    // when
    const [job] = await deliveryJobs(deps, [event]);
    const outcome = await run(job!.payload, 1);
    // then the job names the event (its stream, revision, position) and holds no data
    const held = JSON.stringify(job!.payload);
    for (const field of Object.keys(RECORD_DATA)) expect(held).to.not.contain(field);
    expect(JSON.parse(held).messages).to.deep.equal([{
      messageId: `${event.id}:record.inserted`, type: 'record.inserted', accountId: 'acme', subject: event.streamName, revision: '0',
      position: webhookMessagesOf(event)[0]!.position, occurredAt: event.created.toISOString(),
    }]);
    // and the receiver gets the data, byte for byte what the job's data made
    expect(outcome).to.deep.equal({ type: 'ack' });
    expect(bodies).to.deep.equal([bodyOf(event)]);
    expect(JSON.parse(bodies[0]!).data.fields).to.deep.equal(Object.keys(RECORD_DATA));
  });

  it('given a delivery failing, when the customer\'s values are erased before its retry, then the retry sends what the log gives now, not the erased values', async () => {
    // given
    const event = await recordInserted();
    const [job] = await deliveryJobs(deps, [event]);
    status = 503;
    expect((await run(job!.payload, 1)).type).to.equal('retry');
    expect(JSON.parse(bodies[0]!).data.fields).to.deep.equal(Object.keys(RECORD_DATA));
    // when
    await eraseRecord(event);
    status = 200;
    offsetMs = 10_000;
    const outcome = await run(job!.payload, 2);
    // then
    expect(outcome).to.deep.equal({ type: 'ack' });
    expect(bodies).to.have.length(2);
    expect(JSON.parse(bodies[1]!).data).to.include({ recordId: event.streamName.slice(16), customerId: 'c-zofia' });
    expect(JSON.parse(bodies[1]!).data.fields).to.deep.equal([]);
    for (const field of Object.keys(RECORD_DATA)) expect(bodies[1]).to.not.contain(field);
  });

  it('given jobs published before this change (each message with its data; a single message), when they run, then they deliver the same body', async () => {
    // given
    const [first, second] = [await recordInserted(), await recordInserted()];
    const list = { subscriptionId: 'wh-1', replayId: null, messages: webhookMessagesOf(first) };
    const single = { subscriptionId: 'wh-1', replayId: null, message: webhookMessagesOf(second)[0] };
    // when
    const outcomes = [await run(list, 1), await run(single, 1)];
    // then
    expect(outcomes).to.deep.equal([{ type: 'ack' }, { type: 'ack' }]);
    expect(bodies).to.deep.equal([bodyOf(first), bodyOf(second)]);
  });

  it('given a job published before this change, when the customer is erased before its retry, then the retry sends the log\'s placeholders, not the data the job holds', async () => {
    // given
    const event = await recordInserted();
    const old = { subscriptionId: 'wh-1', replayId: null, messages: webhookMessagesOf(event) };
    status = 503;
    expect((await run(old, 1)).type).to.equal('retry');
    // when
    await eraseRecord(event);
    status = 200;
    offsetMs = 10_000;
    await run(old, 2);
    // then
    expect(bodies).to.have.length(2);
    expect(JSON.parse(bodies[1]!).data.fields).to.deep.equal([]);
  });
});
