import { expect } from 'chai';
import { deciderSpecification } from '../support/decider-specification';
import * as E from 'fp-ts/Either';
import {
  DEFAULT_MESSAGE_DELIVERY_POLICY, MessageCommand, messageDecider, MessageEvent, MessageQueuedData, messageKeyStream, nextMessageDeliveryStep,
} from '@support/domain';

const policy = DEFAULT_MESSAGE_DELIVERY_POLICY;
const t0 = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

const queued: MessageQueuedData = {
  messageId: 'm-1', accountId: 'acme', to: '+14155550123', template: { name: 'order_update', language: { code: 'en_US' }, components: [] }, queuedAt: t0.toISOString(),
};

const given = deciderSpecification(messageDecider);

const started = (attempt: number, startMs: number): MessageEvent => ({
  type: 'MessageSendingStarted',
  data: { messageId: 'm-1', attempt, startedAt: at(startMs).toISOString(), leaseUntil: at(startMs + policy.leaseMs).toISOString(), afterUnconfirmedAttempt: false },
});
const platform500 = { kind: 'platform' as const, code: '2', message: 'Service temporarily unavailable', httpStatus: 500 };

describe('message decider (given events, when command, then events)', () => {
  it('queues a new message once; queueing it again decides nothing', () => {
    expect(given().when({ type: 'QueueMessage', data: queued }).decided).to.deep.equal(E.right([{ type: 'MessageQueued', data: queued }]));
    expect(given({ type: 'MessageQueued', data: queued }).when({ type: 'QueueMessage', data: queued }).decided).to.deep.equal(E.right([]));
  });

  it('starts attempt 1 of a queued message with a lease', () => {
    const r = given({ type: 'MessageQueued', data: queued }).when({ type: 'StartSendAttempt', now: t0, policy }).decided;
    expect(r).to.deep.equal(E.right([started(1, 0)]));
  });

  it('does not start a second attempt while one is within its lease', () => {
    const r = given({ type: 'MessageQueued', data: queued }, started(1, 0)).when({ type: 'StartSendAttempt', now: at(1_000), policy }).decided;
    expect(E.isLeft(r) && r.left).to.deep.equal({ kind: 'NotNow', step: { kind: 'wait', ms: policy.leaseMs - 1_000, why: 'attempt_in_progress' } });
  });

  it('starts the next attempt after an unfinished one whose lease ran out, marking it as after an unconfirmed attempt', () => {
    const r = given({ type: 'MessageQueued', data: queued }, started(1, 0)).when({ type: 'StartSendAttempt', now: at(policy.leaseMs), policy }).decided;
    expect(E.isRight(r) && r.right[0].data).to.include({ attempt: 2, afterUnconfirmedAttempt: true });
  });

  it('records a retryable failure with the time of the next attempt, and waits for it', () => {
    const g = given({ type: 'MessageQueued', data: queued }, started(1, 0));
    const r = g.when({ type: 'RecordSendFailure', attempt: 1, now: at(500), error: platform500, retryable: true, policy }).decided;
    expect(r).to.deep.equal(E.right([{ type: 'MessageSendAttemptFailed', data: { messageId: 'm-1', attempt: 1, failedAt: at(500).toISOString(), error: platform500, retryAt: at(1_500).toISOString() } }]));
    const after = given({ type: 'MessageQueued', data: queued }, started(1, 0), ...(E.isRight(r) ? r.right : []));
    expect(nextMessageDeliveryStep(after.state, at(1_000), policy)).to.deep.equal({ kind: 'wait', ms: 500, why: 'backoff' });
    expect(nextMessageDeliveryStep(after.state, at(1_500), policy)).to.deep.equal({ kind: 'attempt', attempt: 2, afterUnconfirmedAttempt: false });
  });

  it('honours a longer Retry-After of the platform', () => {
    const r = given({ type: 'MessageQueued', data: queued }, started(1, 0))
      .when({ type: 'RecordSendFailure', attempt: 1, now: t0, error: platform500, retryable: true, retryAfterMs: 20_000, policy }).decided;
    expect(E.isRight(r) && (r.right[0].data as { retryAt: string }).retryAt).to.equal(at(20_000).toISOString());
  });

  it('fails for good on a final failure, or on a retryable one at the last attempt', () => {
    const final = given({ type: 'MessageQueued', data: queued }, started(1, 0)).when({ type: 'RecordSendFailure', attempt: 1, now: t0, error: { ...platform500, httpStatus: 400, code: '131026' }, retryable: false, policy }).decided;
    expect(E.isRight(final) && final.right[0].type).to.equal('MessageFailed');
    const last = given({ type: 'MessageQueued', data: queued }, started(policy.maxAttempts, 0))
      .when({ type: 'RecordSendFailure', attempt: policy.maxAttempts, now: t0, error: platform500, retryable: true, policy }).decided;
    expect(E.isRight(last) && last.right[0].type).to.equal('MessageFailed');
  });

  it('records nothing more once the message is sent or failed', () => {
    const sent: MessageEvent = { type: 'MessageSent', data: { messageId: 'm-1', attempt: 1, sentAt: t0.toISOString(), platformMessageId: 'wamid.1' } };
    const g = given({ type: 'MessageQueued', data: queued }, started(1, 0), sent);
    expect(g.when({ type: 'RecordSent', attempt: 2, now: t0, platformMessageId: 'x' }).decided).to.deep.equal(E.left({ kind: 'Finished', status: 'sent' }));
    expect(g.when({ type: 'StartSendAttempt', now: at(999_999), policy }).decided).to.deep.equal(E.left({ kind: 'NotNow', step: { kind: 'done', status: 'sent' } }));
  });

  it('gives up after the last attempt left no outcome', () => {
    const g = given({ type: 'MessageQueued', data: queued }, started(policy.maxAttempts, 0));
    const step = nextMessageDeliveryStep(g.state, at(policy.leaseMs), policy);
    expect(step.kind).to.equal('giveUp');
  });

  it('keeps msg_id uniqueness streams apart per account and free of the caller\'s text', () => {
    expect(messageKeyStream('acme', 'order-1')).not.to.equal(messageKeyStream('globex', 'order-1'));
    expect(messageKeyStream('acme', 'order-1')).to.equal(messageKeyStream('acme', 'order-1'));
    expect(messageKeyStream('acme', 'order-1')).not.to.contain('order-1');
  });
  describe('receipts (the platform\'s status webhook)', () => {
    const sentEvent: MessageEvent = { type: 'MessageSent', data: { messageId: 'm-1', attempt: 1, sentAt: at(500).toISOString(), platformMessageId: 'wamid.1' } };
    const receipt = (status: 'delivered' | 'read' | 'failed', ms: number, platformMessageId = 'wamid.1') =>
      ({ type: 'RecordReceipt' as const, receipt: { platformMessageId, status, at: at(ms), error: status === 'failed' ? platform500 : null } });
    const reported = (status: string, ms: number, error: unknown = null) =>
      ({ type: 'MessageStatusReported', data: { messageId: 'm-1', platformMessageId: 'wamid.1', status, at: at(ms).toISOString(), error } });
    const sentMessage = () => given({ type: 'MessageQueued', data: queued }, started(1, 0), sentEvent);

    it('records delivered, then read; a repeat or a late delivered after read decides nothing', () => {
      expect(sentMessage().when(receipt('delivered', 1_000)).decided).to.deep.equal(E.right([reported('delivered', 1_000)]));
      const delivered = given({ type: 'MessageQueued', data: queued }, started(1, 0), sentEvent, reported('delivered', 1_000) as MessageEvent);
      expect(delivered.when(receipt('delivered', 1_000)).decided).to.deep.equal(E.right([]));
      expect(delivered.when(receipt('read', 2_000)).decided).to.deep.equal(E.right([reported('read', 2_000)]));
      const read = given({ type: 'MessageQueued', data: queued }, started(1, 0), sentEvent, reported('read', 2_000) as MessageEvent);
      expect(read.when(receipt('delivered', 1_000)).decided).to.deep.equal(E.right([]));
    });

    it('records delivered too when read comes first: a read message was delivered', () => {
      expect(sentMessage().when(receipt('read', 2_000)).decided).to.deep.equal(E.right([reported('delivered', 2_000), reported('read', 2_000)]));
    });

    it('records failed only before delivered, with the platform\'s reason', () => {
      expect(sentMessage().when(receipt('failed', 3_000)).decided).to.deep.equal(E.right([reported('failed', 3_000, platform500)]));
      const delivered = given({ type: 'MessageQueued', data: queued }, started(1, 0), sentEvent, reported('delivered', 1_000) as MessageEvent);
      expect(delivered.when(receipt('failed', 3_000)).decided).to.deep.equal(E.right([]));
    });

    it('refuses a receipt of a message not sent yet, or under another platform id', () => {
      expect(given({ type: 'MessageQueued', data: queued }, started(1, 0)).when(receipt('delivered', 1_000)).decided).to.deep.equal(E.left({ kind: 'NotSent' }));
      expect(sentMessage().when(receipt('delivered', 1_000, 'wamid.other')).decided).to.deep.equal(E.left({ kind: 'NotSent' }));
    });
  });
});
