import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import {
  AllowedHost, checkWebhookUrl, isRetryableAnswer, nextWebhookAttemptAt, signingSecrets, WebhookSubscriptionEvent, webhookSubscriptionDecider, webhookSecret, webhookEventsOf,
} from '@support/domain';
import { deciderSpecification } from '../support/decider-specification';

const AT = '2026-11-26T10:00:00.000Z';
const ids = { subscriptionId: 'wh-1', accountId: 'acme' };
const created: WebhookSubscriptionEvent = {
  type: 'WebhookSubscriptionCreated',
  data: { ...ids, url: 'https://crm.example.com/in', eventTypes: ['ticket.created'], description: null, secretVersion: 1, createdById: 'tok-1', createdAt: AT },
};
const given = deciderSpecification(webhookSubscriptionDecider);
/** The target rules of a service at https://support.example.com listening on 8080, allowing these hosts and ports. */
const allowing = (...allowedHosts: AllowedHost[]) => ({
  allowedHosts, serviceItself: { publicOrigin: { host: 'support.example.com', port: 443 }, listeningPort: 8080, localAddresses: [] },
});

describe('webhook rules', () => {
  describe('subscription decider (given / when / then)', () => {
    it('creates once; changes only what differs; a change to nothing decides nothing', () => {
      given(created).when({ type: 'CreateSubscription', ...ids, url: 'https://x.example/in', eventTypes: ['ticket.created'], description: null, byId: 't', at: AT }).thenFails({ kind: 'SubscriptionExists' });
      given(created).when({ type: 'UpdateSubscription', eventTypes: ['ticket.created'], enabled: true, byId: 't', at: AT }).then([]);
      given(created).when({ type: 'UpdateSubscription', enabled: false, url: 'https://crm.example.com/in', byId: 't', at: AT }).then([{
        type: 'WebhookSubscriptionUpdated', data: { ...ids, changes: { enabled: false }, updatedById: 't', at: AT },
      }]);
    });

    it('rotates to the next secret version, the previous one signing for 24 hours more', () => {
      given(created).when({ type: 'RotateSecret', byId: 't', at: AT }).then([{
        type: 'WebhookSecretRotated', data: { ...ids, secretVersion: 2, previousSecretValidUntil: '2026-11-27T10:00:00.000Z', rotatedById: 't', at: AT },
      }]);
    });

    it('disables a failing subscription once; a deleted one takes no command', () => {
      const disabled: WebhookSubscriptionEvent = { type: 'WebhookSubscriptionDisabled', data: { ...ids, reason: 'failing', failingSince: AT, at: AT } };
      given(created).when({ type: 'DisableForFailures', reason: 'failing', failingSince: AT, at: AT }).then([disabled]);
      given(created, disabled).when({ type: 'DisableForFailures', reason: 'failing', failingSince: AT, at: AT }).then([]);
      const deleted: WebhookSubscriptionEvent = { type: 'WebhookSubscriptionDeleted', data: { ...ids, deletedById: 't', at: AT } };
      given(created, deleted).when({ type: 'RotateSecret', byId: 't', at: AT }).thenFails({ kind: 'SubscriptionNotFound' });
    });
  });

  describe('secrets', () => {
    it('derives a Standard Webhooks secret per subscription and version, and signs with the previous one only during its overlap', () => {
      const key = Buffer.alloc(32, 7);
      expect(webhookSecret(key, 'wh-1', 1)).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(webhookSecret(key, 'wh-1', 1)).to.not.equal(webhookSecret(key, 'wh-1', 2)).and.not.equal(webhookSecret(key, 'wh-2', 1));
      const doc = { _id: 'wh-1', secretVersion: 2, previousSecret: { version: 1, validUntil: '2026-11-27T10:00:00.000Z' } };
      expect(signingSecrets(key, doc, new Date('2026-11-27T09:59:59Z'))).to.have.length(2);
      expect(signingSecrets(key, doc, new Date('2026-11-27T10:00:01Z'))).to.deep.equal([webhookSecret(key, 'wh-1', 2)]);
    });
  });

  describe('retries', () => {
    it('retries timeouts, connection errors, 408, 429 and 5xx; not another 4xx', () => {
      expect([null, 408, 429, 500, 503].map(isRetryableAnswer)).to.deep.equal([true, true, true, true, true]);
      expect([400, 401, 404, 410, 422].map(isRetryableAnswer)).to.deep.equal([false, false, false, false, false]);
    });

    it('backs off with jitter, honours a longer Retry-After, and keeps trying until a day has passed', () => {
      const first = new Date(AT);
      const at = (attempt: number, nowMs: number, random: number, retryAfterMs?: number) =>
        nextWebhookAttemptAt(attempt, first, new Date(first.getTime() + nowMs), random, retryAfterMs)?.getTime() ?? null;
      expect(at(1, 0, 0.5)! - first.getTime()).to.equal(5_000);
      expect(at(1, 0, 0)! - first.getTime()).to.equal(4_000);
      expect(at(1, 0, 0.999)! - first.getTime()).to.be.within(5_990, 6_000);
      expect(at(2, 0, 0.5, 120_000)! - first.getTime()).to.equal(120_000);
      const hour = 3_600_000;
      expect(at(12, 23 * hour, 0.5)).to.be.greaterThan(first.getTime() + 24 * hour);
      expect(at(13, 24 * hour + 1, 0.5)).to.equal(null);
    });
  });

  describe('targets and payloads', () => {
    it('wants https, except for hosts the operator allows; no credentials, no fragment', () => {
      expect(checkWebhookUrl('https://crm.example.com/in', allowing())).to.deep.equal(E.right('https://crm.example.com/in'));
      expect(E.isLeft(checkWebhookUrl('http://crm.example.com/in', allowing()))).to.equal(true);
      expect(checkWebhookUrl('http://127.0.0.1:9000/in', allowing({ host: '127.0.0.1', port: 9000 }))).to.deep.equal(E.right('http://127.0.0.1:9000/in'));
      expect(E.isLeft(checkWebhookUrl('https://u:p@crm.example.com/in', allowing()))).to.equal(true);
      expect(E.isLeft(checkWebhookUrl('https://crm.example.com/in#x', allowing()))).to.equal(true);
      expect(E.isLeft(checkWebhookUrl('not a url', allowing()))).to.equal(true);
    });

    it('makes ticket.status_changed and ticket.resolved of a resolving status change, without the free text of tickets or emails', () => {
      const base = { id: 'e1', streamName: 'ticket-t1', revision: 3n, position: { commit: 9n, prepare: 9n }, created: new Date(AT), metadata: { version: 1 } };
      const resolved = webhookEventsOf({ ...base, type: 'TicketStatusChanged', data: { ticketId: 't1', accountId: 'acme', from: 'open', to: 'resolved', resolvedBy: 'agent', changedById: 'u1', at: AT } });
      expect(resolved.map((e) => e.type)).to.deep.equal(['ticket.status_changed', 'ticket.resolved']);
      const email = webhookEventsOf({
        ...base, type: 'EmailMessageRecorded',
        data: { ticketId: 't1', accountId: 'acme', messageId: 'm1', threadId: 'th', emailClient: 'gmail', from: 'kim@example.com', to: ['a@b'], sentAt: AT, direction: 'customer', generatedBy: null, agentId: null, at: AT },
      });
      expect(email[0]).to.deep.include({ type: 'ticket.interaction_added' });
      expect(JSON.stringify(email)).to.not.contain('kim@example.com');
      expect(webhookEventsOf({ ...base, type: 'TicketExportProgressed', data: { jobId: 'j' } })).to.deep.equal([]);
    });

    it('makes ticket.merged of a merge on the target, naming the merged tickets, without the note', () => {
      const base = { id: 'e2', streamName: 'ticket-t1', revision: 4n, position: { commit: 10n, prepare: 10n }, created: new Date(AT), metadata: { version: 1 } };
      const merged = webhookEventsOf({
        ...base, type: 'TicketsMerged', data: { ticketId: 't1', accountId: 'acme', mergeId: 'm1', sourceTicketIds: ['t2', 't3'], note: 'kim@example.com called too', mergedById: 'u1', at: AT },
      });
      expect(merged).to.deep.equal([{ type: 'ticket.merged', accountId: 'acme', data: { ticketId: 't1', mergedTicketIds: ['t2', 't3'], mergeId: 'm1', mergedById: 'u1', at: AT } }]);
    });

    it('makes ticket.split of a split on the ticket split, naming the new ticket and the interactions it took', () => {
      const base = { id: 'e3', streamName: 'ticket-t1', revision: 5n, position: { commit: 11n, prepare: 11n }, created: new Date(AT), metadata: { version: 1 } };
      const split = webhookEventsOf({
        ...base, type: 'TicketSplit', data: { ticketId: 't1', accountId: 'acme', newTicketId: 't9', emailMessageIds: ['m1'], callIds: ['c1'], chatSessionIds: [], splitById: 'u1', at: AT },
      });
      expect(split).to.deep.equal([{ type: 'ticket.split', accountId: 'acme', data: { ticketId: 't1', newTicketId: 't9', interactionIds: ['m1', 'c1'], splitById: 'u1', at: AT } }]);
    });
  });
});
