import { expect } from 'chai';
import { TICKET_BULK_UPDATE_JOB, ticketStream } from '@support/domain';
import { DEAD_LETTERED_BULK_UPDATE_ERROR, failDeadLetteredBulkUpdates, ticketBulkUpdateWorker } from '@support/workers';
import { exampleConfig, withoutRateLimits } from '../support/example-config';
import { eventually, sleep } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';
import { seedTickets } from '../exports/support/seed-tickets';
import { getTicket, newTicket, work } from '../tickets/lifecycle/support';
import { bulkStatus, cancelBulk, featuresWithoutBulkWorker, startBulk, TOKENS, waitForBulk } from './support';

const eventTypes = async (svc: TestService, ticketId: string): Promise<string[]> => {
  const types: string[] = [];
  for await (const e of svc.deps.eventStore.readStream(ticketStream(ticketId))) types.push(e.type);
  return types;
};

describe('bulk updates: POST /apis/tickets/bulk, its job, status and cancel (HTTP)', function () {
  this.timeout(60_000);

  describe('with the workers running', () => {
    let svc: TestService;
    before(async () => {
      svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
    });
    after(async () => svc?.stop());

    it('given tickets named by id, when they are assigned in bulk, then each changes through the ticket handler and the job records changed, unchanged and refused', async () => {
      // given: two open tickets, one already with u-agent, one resolved (assigning it is refused), and an id that names no ticket
      const [a, b, c, resolved] = [await newTicket(svc), await newTicket(svc), await newTicket(svc), await newTicket(svc)];
      expect((await work(svc, c, 'assign', { agentId: 'u-agent' })).status).to.equal(200);
      expect((await work(svc, resolved, 'status', { status: 'resolved' })).status).to.equal(200);
      const singleRefusal = await work(svc, resolved, 'assign', { agentId: 'u-agent' });
      // when
      const started = await startBulk(svc, { ticketIds: [a, b, c, resolved, 'no-such-ticket', a], changes: { assign: { agentId: 'u-agent' } } });
      // then: 202 with the job
      expect(started.status, started.text).to.equal(202);
      expect(started.body).to.include({ success: true, status: 'queued', total: 5, processed: 0 });
      expect(started.body.statusUrl).to.equal(`/apis/tickets/bulk/${started.body.jobId}`);
      const done = await waitForBulk(svc, started.body.jobId);
      expect(done.body.job).to.include({ status: 'succeeded', total: 5, processed: 5, changed: 2, unchanged: 1, refused: 2 });
      expect(done.body.job.changes).to.deep.equal({ assign: { agentId: 'u-agent' } });
      const byTicket = Object.fromEntries(done.body.outcomes.data.map((o: { ticketId: string }) => [o.ticketId, o]));
      expect(byTicket[a]).to.deep.equal({ ticketId: a, outcome: 'changed', events: ['TicketAssigned', 'TicketStatusChanged'] });
      expect(byTicket[c]).to.deep.equal({ ticketId: c, outcome: 'unchanged' });
      expect(byTicket[resolved].refusal).to.deep.equal({ status: singleRefusal.status, message: singleRefusal.body.message, currentStatus: 'resolved' });
      expect(byTicket['no-such-ticket'].refusal).to.deep.equal({ status: 404, message: 'Ticket not found' });
      // and the tickets are as the single-ticket route leaves them
      expect((await getTicket(svc, b)).body.ticket).to.include({ assignedToId: 'u-agent', status: 'assigned', assignedById: 'u-admin' });
      expect(await eventTypes(svc, a)).to.deep.equal(['TicketCreated', 'TicketAssigned', 'TicketStatusChanged']);
    });

    it('given a filter, when its tickets get a status and a disposition, then exactly its matches change, in the order the changes are written', async () => {
      // given: three tickets of one order, one of another
      const mine = [await newTicket(svc, { orderName: 'BULK-1' }), await newTicket(svc, { orderName: 'BULK-1' }), await newTicket(svc, { orderName: 'BULK-1' })];
      const other = await newTicket(svc, { orderName: 'OTHER-1' });
      // when
      const started = await startBulk(svc, { filter: { orderName: 'BULK-1', sortOrder: 'asc' }, changes: { disposition: { category: 'Refund' }, status: { status: 'resolved' } } });
      expect(started.status, started.text).to.equal(202);
      expect(started.body.total).to.equal(3);
      const done = await waitForBulk(svc, started.body.jobId);
      // then
      expect(done.body.job).to.include({ changed: 3, refused: 0 });
      expect(done.body.outcomes.data.map((o: { ticketId: string }) => o.ticketId)).to.have.members(mine);
      expect(done.body.outcomes.data[0].events).to.deep.equal(['DispositionSet', 'TicketStatusChanged']);
      for (const id of mine) expect((await getTicket(svc, id)).body.ticket).to.include({ status: 'resolved', category: 'Refund' });
      expect((await getTicket(svc, other)).body.ticket.status).to.equal('open');
    });

    it('given many outcomes, when the status is read by page and by kind, then each page holds its part in the recorded order', async () => {
      const ids = [await newTicket(svc), await newTicket(svc), await newTicket(svc)];
      const started = await startBulk(svc, { ticketIds: [...ids, 'missing-1', 'missing-2'], changes: { unassign: {} } });
      await waitForBulk(svc, started.body.jobId);
      const first = await bulkStatus(svc, started.body.jobId, '?limit=2');
      expect(first.body.outcomes).to.include({ total: 5, page: 1, limit: 2, totalPages: 3 });
      expect(first.body.outcomes.data).to.have.length(2);
      const last = await bulkStatus(svc, started.body.jobId, '?limit=2&page=3');
      expect(last.body.outcomes.data).to.have.length(1);
      const refused = await bulkStatus(svc, started.body.jobId, '?outcome=refused');
      expect(refused.body.outcomes.total).to.equal(2);
      expect(refused.body.outcomes.data.map((o: { ticketId: string }) => o.ticketId)).to.deep.equal(['missing-1', 'missing-2']);
      expect((await bulkStatus(svc, started.body.jobId, '?limit=0')).status).to.equal(400);
      expect((await bulkStatus(svc, started.body.jobId, '?outcome=maybe')).status).to.equal(400);
    });

    it('given an Idempotency-Key, when the same start is sent twice, then one job is made and the second answer repeats the first', async () => {
      const id = await newTicket(svc);
      const send = () => svc.api('POST', '/apis/tickets/bulk', {
        token: TOKENS.acmeAdmin, body: { ticketIds: [id], changes: { status: { status: 'in_progress' } } }, headers: { 'Idempotency-Key': `bulk-${id}` },
      });
      const first = await send();
      const second = await send();
      expect(first.status).to.equal(202);
      expect(second.status).to.equal(202);
      expect(second.body.jobId).to.equal(first.body.jobId);
      expect(second.headers.get('idempotent-replayed')).to.equal('true');
    });

    it('given another account, when it reads or cancels the job, then it is not found', async () => {
      const started = await startBulk(svc, { ticketIds: [await newTicket(svc)], changes: { status: { status: 'in_progress' } } });
      expect((await bulkStatus(svc, started.body.jobId, '', TOKENS.globexAdmin)).status).to.equal(404);
      expect((await cancelBulk(svc, started.body.jobId, TOKENS.globexAdmin)).status).to.equal(404);
    });

    it('given bad requests, then each is a 400 that says what to fix', async () => {
      const cases: [unknown, RegExp][] = [
        [{ changes: { unassign: {} } }, /either ticketIds .* or filter/],
        [{ ticketIds: ['x'], filter: {}, changes: { unassign: {} } }, /either ticketIds/],
        [{ ticketIds: [], changes: { unassign: {} } }, /at least one ticket/],
        [{ ticketIds: Array.from({ length: 101 }, (_, i) => `t-${i}`), changes: { unassign: {} } }, /names 101 tickets; .* at most 100/],
        [{ ticketIds: ['x'], changes: {} }, /changes must hold at least one of "assign"/],
        [{ ticketIds: ['x'], changes: { assign: { agentId: 'u-agent' }, unassign: {} } }, /"assign" or "unassign", not both/],
        [{ ticketIds: ['x'], changes: { assign: { agentId: 'nobody' } } }, /^changes\.assign: agentId "nobody" is not a user of this account/],
        [{ ticketIds: ['x'], changes: { status: { status: 'done' } } }, /^changes\.status: status "done" is not a ticket status/],
        [{ ticketIds: ['x'], changes: { priority: 'high' } }, /Unknown field "changes.priority"/],
        [{ filter: { startDate: 'yesterday' }, changes: { unassign: {} } }, /^filter: startDate must be an ISO 8601 date-time/],
        [{ filter: { page: 2 }, changes: { unassign: {} } }, /Unknown field "page"/],
        // In the docs' words, not io-ts's (issue 57)
        [{ filter: 'x', changes: { unassign: {} } }, /filter must be an object, got "x"/],
        [{ ticketIds: 'x', changes: { unassign: {} } }, /ticketIds must be (an array|Array)/],
      ];
      for (const [body, message] of cases) {
        const r = await startBulk(svc, body);
        expect(r.status, JSON.stringify(body)).to.equal(400);
        expect(r.body.error).to.equal('Bad Request');
        expect(r.body.message, JSON.stringify(body)).to.match(message);
      }
    });
  });

  describe('the 10,000-ticket limit of a filter', () => {
    it('given 10,001 tickets matching a filter, when a bulk update selects them, then 400 names the count; at 10,000 it is accepted', async () => {
      const svc = await startTestService({ config: withoutRateLimits(exampleConfig()), features: featuresWithoutBulkWorker() });
      try {
        await seedTickets(svc.deps.readModels, Array.from({ length: 10_001 }, (_, i) => ({ _id: `seed-${i}`, orderName: i < 10_000 ? 'MANY' : 'MANY-LAST', createdAt: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString() })));
        const over = await startBulk(svc, { filter: { orderName: 'MANY,MANY-LAST' }, changes: { unassign: {} } });
        expect(over.status, over.text).to.equal(400);
        expect(over.body.message).to.match(/^The filter matches 10,001 tickets; a bulk update takes at most 10,000: narrow the filter/);
        expect(over.body).to.include({ field: 'filter', matches: 10_001 });
        const atLimit = await startBulk(svc, { filter: { orderName: 'MANY' }, changes: { unassign: {} } });
        expect(atLimit.status, atLimit.text).to.equal(202);
        expect(atLimit.body.total).to.equal(10_000);
      } finally {
        await svc.stop();
      }
    });
  });

  describe('cancel and rate limit', () => {
    let svc: TestService;
    let stopWorker: (() => Promise<void>) | null = null;
    beforeEach(async () => {
      const config = withoutRateLimits(exampleConfig());
      (config.accounts[0].rateLimits as Record<string, unknown>).ticketBulkUpdate = { perHour: 3 };
      svc = await startTestService({ config, features: featuresWithoutBulkWorker() });
    });
    afterEach(async () => {
      await stopWorker?.();
      stopWorker = null;
      await svc?.stop();
    });

    it('given a queued job, when it is cancelled, then no worker changes any of its tickets, and a second cancel answers the same', async () => {
      const ids = [await newTicket(svc), await newTicket(svc)];
      const started = await startBulk(svc, { ticketIds: ids, changes: { status: { status: 'resolved' } } });
      const cancelled = await cancelBulk(svc, started.body.jobId);
      expect(cancelled.status, cancelled.text).to.equal(200);
      expect(cancelled.body).to.deep.equal({ success: true, jobId: started.body.jobId, status: 'cancelled', statusUrl: started.body.statusUrl });
      expect((await cancelBulk(svc, started.body.jobId)).status).to.equal(200);
      const worker = await ticketBulkUpdateWorker().start(svc.deps);
      stopWorker = () => worker.stop();
      await sleep(500);
      const status = await bulkStatus(svc, started.body.jobId);
      expect(status.body.job).to.include({ status: 'cancelled', processed: 0 });
      expect(status.body.job).to.have.property('cancelledAt');
      for (const id of ids) expect((await getTicket(svc, id)).body.ticket.status).to.equal('open');
    });

    it('given a running job, when it is cancelled, then the worker stops before its next tickets and every recorded outcome matches the tickets', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) ids.push(await newTicket(svc, { orderName: 'CANCEL-1' }));
      const started = await startBulk(svc, { filter: { orderName: 'CANCEL-1' }, changes: { status: { status: 'in_progress' } } });
      expect(started.body.total).to.equal(40);
      const worker = await ticketBulkUpdateWorker({ ticketsAtOnce: 1 }).start(svc.deps);
      stopWorker = () => worker.stop();
      await waitForBulk(svc, started.body.jobId, ['running']);
      const cancelled = await cancelBulk(svc, started.body.jobId);
      expect(cancelled.status, cancelled.text).to.equal(200);
      await sleep(500);
      const status = await bulkStatus(svc, started.body.jobId, '?limit=1000');
      expect(status.body.job.status).to.equal('cancelled');
      expect(status.body.job.processed).to.be.below(40);
      const changed = new Set(status.body.outcomes.data.filter((o: { outcome: string }) => o.outcome === 'changed').map((o: { ticketId: string }) => o.ticketId));
      for (const id of ids) expect((await getTicket(svc, id)).body.ticket.status, id).to.equal(changed.has(id) ? 'in_progress' : 'open');
      expect((await cancelBulk(svc, 'no-such-job')).status).to.equal(404);
    });

    it('given a running job of 100 tickets at the worker\'s own pace, when it is cancelled, then no ticket is changed after the cancel in the log', async () => {
      // given
      const ids: string[] = [];
      for (let i = 0; i < 100; i += 20) ids.push(...await Promise.all(Array.from({ length: 20 }, () => newTicket(svc, { orderName: 'CANCEL-2' }))));
      const started = await startBulk(svc, { ticketIds: ids, changes: { assign: { agentId: 'u-agent' } } });
      const worker = await ticketBulkUpdateWorker().start(svc.deps);
      stopWorker = () => worker.stop();
      await waitForBulk(svc, started.body.jobId, ['running']);
      // when
      expect((await cancelBulk(svc, started.body.jobId)).status).to.equal(200);
      await sleep(800);
      // then: every assignment the job made is in the log before its cancel
      let cancelledAt: bigint | null = null;
      for await (const e of svc.deps.eventStore.readStream(`ticket_bulk-${started.body.jobId}`)) if (e.type === 'BulkUpdateCancelled') cancelledAt = e.position.commit;
      expect(cancelledAt, 'the cancel is recorded').to.not.equal(null);
      const after: string[] = [];
      for (const id of ids) {
        for await (const e of svc.deps.eventStore.readStream(ticketStream(id))) if (e.type === 'TicketAssigned' && e.position.commit > (cancelledAt as bigint)) after.push(id);
      }
      expect(after, 'tickets assigned after the cancel').to.deep.equal([]);
      expect((await bulkStatus(svc, started.body.jobId)).body.job.processed).to.be.below(100);
    });

    it('given a job whose every delivery died (it is in the queue\'s dead letter), when the sweep runs, then the job is failed with a safe message, once', async () => {
      const started = await startBulk(svc, { ticketIds: [await newTicket(svc)], changes: { unassign: {} } });
      const dying = await svc.deps.jobQueue.consume(TICKET_BULK_UPDATE_JOB, { consumer: 'test-dying', maxDeliver: 1, ackWaitMs: 1_000 }, async () => ({ type: 'fail', reason: 'died' }));
      stopWorker = () => dying.stop();
      await eventually(async () => (await svc.deps.jobQueue.deadLetters(TICKET_BULK_UPDATE_JOB)).length === 1, 'the job is in the dead letter');
      expect(await failDeadLetteredBulkUpdates(svc.deps)).to.equal(1);
      expect(await failDeadLetteredBulkUpdates(svc.deps)).to.equal(0);
      const status = await waitForBulk(svc, started.body.jobId, ['failed']);
      expect(status.body.job.error).to.equal(DEAD_LETTERED_BULK_UPDATE_ERROR);
    });

    it('given the account\'s hourly limit, when it is used up, then the next start is 429 naming the limit, per account whichever token', async () => {
      const id = await newTicket(svc);
      for (let i = 0; i < 3; i++) expect((await startBulk(svc, { ticketIds: [id], changes: { unassign: {} } }, i === 2 ? TOKENS.acmeAgent : TOKENS.acmeAdmin)).status).to.equal(202);
      const refused = await startBulk(svc, { ticketIds: [id], changes: { unassign: {} } });
      expect(refused.status).to.equal(429);
      expect(refused.body.message).to.match(/^Rate limit exceeded: at most 3 bulk ticket updates per hour per account/);
      expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
    });

    it('given starts refused with 400, then they do not count: the account still starts its 3 bulk updates of the hour (issue 57)', async () => {
      const id = await newTicket(svc);
      for (let i = 0; i < 5; i++) expect((await startBulk(svc, { ticketIds: [id], changes: {} })).status).to.equal(400);
      for (let i = 0; i < 3; i++) expect((await startBulk(svc, { ticketIds: [id], changes: { unassign: {} } })).status).to.equal(202);
      expect((await startBulk(svc, { ticketIds: [id], changes: { unassign: {} } })).status).to.equal(429);
    });
  });
});
