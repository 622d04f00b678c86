import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { RecordedEvent } from '@support/domain';
import { dispatcherSubscriber } from '@support/projectors';
import {
  handleTicketTextJob, TICKET_TEXT_JOB, TicketTextJob, ticketTextDispatcher, TICKETS_PER_TEXT_JOB, TicketTextWorkerDeps,
} from '@support/workers';
import { exampleConfig, withoutRateLimits } from '../../support/example-config';
import { silentLogger, startTestService, TestService } from '../../support/test-service';
import { createTicket, freshPhone, ticketEvents, useTicketService, waitFor } from './support/ticket-service';

/** A TicketCreated as the log holds it (only what the dispatcher reads). */
const ticketCreated = (ticketId: string, textProcessing: 'pending' | 'done', correlationId = `req-${ticketId}`): RecordedEvent => ({
  id: `event-${ticketId}`,
  type: 'TicketCreated',
  streamName: `ticket-${ticketId}`,
  revision: 0n,
  position: { commit: 1n, prepare: 1n },
  created: new Date(),
  data: { ticketId, accountId: 'acme', textProcessing },
  metadata: { version: 1, correlationId },
});

interface Published {
  readonly kind: string;
  readonly payload: TicketTextJob;
  readonly dedupeId: string;
}

/** A queue that records what is published and dedupes by id, as the real ones do. */
const recordingQueue = () => {
  const published: Published[] = [];
  return {
    published,
    publish: async (kind: string, payload: unknown, { dedupeId }: { dedupeId: string }) => {
      const duplicate = published.some((p) => p.dedupeId === dedupeId);
      if (!duplicate) published.push({ kind, payload: payload as TicketTextJob, dedupeId });
      return { duplicate };
    },
  };
};

describe('deferred text processing: one job for the tickets of a dispatched batch', () => {
  describe('the dispatcher', () => {
    it('given a batch with pending tickets among other events, when dispatched, then one job holds the pending tickets in log order', async () => {
      // given
      const queue = recordingQueue();
      const subscriber = dispatcherSubscriber(ticketTextDispatcher, queue as never);
      const batch = [
        ticketCreated('t1', 'pending'),
        ticketCreated('t2', 'done'),
        { ...ticketCreated('t3', 'pending'), type: 'TicketAssigned' },
        ticketCreated('t4', 'pending'),
        ticketCreated('t5', 'pending'),
      ];
      // when
      await subscriber.handleBatch?.(batch);
      // then
      expect(queue.published).to.have.length(1);
      expect(queue.published[0].kind).to.equal(TICKET_TEXT_JOB);
      expect(queue.published[0].payload.tickets.map((t) => t.ticketId)).to.deep.equal(['t1', 't4', 't5']);
      expect(queue.published[0].payload.tickets[0]).to.deep.equal({ ticketId: 't1', accountId: 'acme', correlationId: 'req-t1', causationId: 'event-t1' });
      expect(queue.published[0].dedupeId).to.equal('ticket-text:event-t1+3');
    });

    it('given the same batch dispatched again (a replay after a crash), then nothing new is published', async () => {
      const queue = recordingQueue();
      const subscriber = dispatcherSubscriber(ticketTextDispatcher, queue as never);
      const batch = [ticketCreated('a', 'pending'), ticketCreated('b', 'pending')];
      await subscriber.handleBatch?.(batch);
      await subscriber.handleBatch?.(batch);
      expect(queue.published).to.have.length(1);
    });

    it(`given more pending tickets than a job holds, then they go in jobs of at most ${TICKETS_PER_TEXT_JOB}, every ticket once`, async () => {
      const queue = recordingQueue();
      const subscriber = dispatcherSubscriber(ticketTextDispatcher, queue as never);
      const ids = Array.from({ length: 2 * TICKETS_PER_TEXT_JOB + 1 }, (_, i) => `t${i}`);
      await subscriber.handleBatch?.(ids.map((id) => ticketCreated(id, 'pending')));
      expect(queue.published.map((p) => p.payload.tickets.length)).to.deep.equal([TICKETS_PER_TEXT_JOB, TICKETS_PER_TEXT_JOB, 1]);
      expect(queue.published.flatMap((p) => p.payload.tickets.map((t) => t.ticketId))).to.deep.equal(ids);
      expect(new Set(queue.published.map((p) => p.dedupeId)).size).to.equal(3);
    });

    it('given a single event, then its job holds its one ticket with the dedupe id of its event', async () => {
      const queue = recordingQueue();
      await dispatcherSubscriber(ticketTextDispatcher, queue as never).handle(ticketCreated('solo', 'pending'));
      expect(queue.published).to.deep.equal([{
        kind: TICKET_TEXT_JOB,
        payload: { tickets: [{ ticketId: 'solo', accountId: 'acme', correlationId: 'req-solo', causationId: 'event-solo' }] },
        dedupeId: 'ticket-text:event-solo',
      }]);
    });
  });

  describe('over the running service', () => {
    const env = useTicketService();

    it('given many fastResponse tickets created at once, then each gets its summary exactly once', async () => {
      // when
      const created = await Promise.all(Array.from({ length: 20 }, (_, i) =>
        createTicket(env.svc, { customer: { phone: freshPhone() }, subject: `Parcel ${i}`, query: 'Where is my parcel?', fastResponse: true })));
      // then
      for (const res of created) {
        expect(res.status).to.equal(200);
        const processed = await waitFor(async () => {
          const events = await ticketEvents(env.svc, res.body.ticketId);
          return events.some((e) => e.type === 'TicketQueryProcessed') ? events : undefined;
        });
        expect(processed.filter((e) => e.type === 'TicketQueryProcessed')).to.have.length(1);
      }
    });
  });

  describe('the worker (a service without workers, so that only the test runs the jobs)', () => {
    let svc: TestService | undefined;
    before(async () => {
      svc = await startTestService({ config: withoutRateLimits(exampleConfig()), components: ['command-api', 'query-api', 'projectors'] });
    });
    after(async () => {
      await svc?.stop();
    });
    const env = { get svc(): TestService { return svc as TestService; } };
    const workerDeps = (): TicketTextWorkerDeps => ({
      ...env.svc.deps, logger: silentLogger, textProcessor: { name: 'test-processor', process: async ({ subject }) => ({ summary: `S: ${subject}`, sentiment: 'neutral' }) },
    });
    const job = (payload: unknown) => ({ id: randomUUID(), kind: TICKET_TEXT_JOB, payload, deliveryCount: 1, publishedAt: new Date().toISOString() }) as never;

    it('given a job of two tickets, one of them processed already, then the other is processed and the job acknowledged', async () => {
      // given: ticket a is processed at creation (fastResponse false), ticket b waits
      const a = await createTicket(env.svc, { customer: { phone: freshPhone() }, subject: 'Done', query: 'Already processed.' });
      const b = await createTicket(env.svc, { customer: { phone: freshPhone() }, subject: 'Pending', query: 'Not yet.', fastResponse: true });
      const targets = [a, b].map((r) => ({ ticketId: r.body.ticketId, accountId: 'acme', correlationId: null, causationId: `event-${r.body.ticketId}` }));
      // when
      const outcome = await handleTicketTextJob(workerDeps())(job({ tickets: targets }));
      // then
      expect(outcome).to.deep.equal({ type: 'ack' });
      expect((await ticketEvents(env.svc, a.body.ticketId)).filter((e) => e.type === 'TicketQueryProcessed')).to.have.length(0);
      const bProcessed = (await ticketEvents(env.svc, b.body.ticketId)).filter((e) => e.type === 'TicketQueryProcessed');
      expect(bProcessed).to.have.length(1);
      expect(bProcessed[0].data).to.include({ ticketId: b.body.ticketId, summary: 'S: Pending', processor: 'test-processor' });
    });

    it('given a job published before jobs held several tickets (one ticket at the top level), then its ticket is processed', async () => {
      // given: a ticket made without the worker's help, its text still pending
      const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, subject: 'Old job', query: 'From an older journal.', fastResponse: true });
      // when
      const outcome = await handleTicketTextJob(workerDeps())(job({ ticketId: res.body.ticketId, accountId: 'acme', correlationId: null, causationId: 'event-old' }));
      // then
      expect(outcome).to.deep.equal({ type: 'ack' });
      const processed = (await ticketEvents(env.svc, res.body.ticketId)).filter((e) => e.type === 'TicketQueryProcessed');
      expect(processed.map((e) => (e.data as { summary: string }).summary)).to.deep.equal(['S: Old job']);
    });

    it('given a job naming a ticket that does not exist beside one that does, then the one is processed and the job fails naming the other', async () => {
      const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, subject: 'Real', query: 'A real ticket.', fastResponse: true });
      const missing = randomUUID();
      const outcome = await handleTicketTextJob(workerDeps())(job({
        tickets: [
          { ticketId: missing, accountId: 'acme', correlationId: null, causationId: 'event-missing' },
          { ticketId: res.body.ticketId, accountId: 'acme', correlationId: null, causationId: 'event-real' },
        ],
      }));
      expect(outcome).to.deep.equal({ type: 'fail', reason: `no such ticket ${missing}` });
      const processed = (await ticketEvents(env.svc, res.body.ticketId)).filter((e) => e.type === 'TicketQueryProcessed');
      expect(processed.map((e) => (e.data as { summary: string }).summary)).to.deep.equal(['S: Real']);
    });
  });
});
