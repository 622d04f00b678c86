import { expect } from 'chai';
import { BulkUpdateEvent, bulkUpdateStream, recordedTickets, TICKETS_COLLECTION, ticketStream } from '@support/domain';
import { exampleConfig, withoutRateLimits } from '../support/example-config';
import { eventually } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';
import { exited, freePort, Proc, startComponent } from '../topology/support/processes';
import { newTicket } from '../tickets/lifecycle/support';
import { featuresWithoutBulkWorker, startBulk, waitForBulk } from './support';

const TICKETS = 600;

/** The status changes each ticket's stream holds, by ticket. */
const statusChanges = async (svc: TestService, ids: readonly string[]): Promise<Map<string, number>> => {
  const counts = new Map<string, number>();
  for (const id of ids) {
    let n = 0;
    for await (const e of svc.deps.eventStore.readStream(ticketStream(id))) if (e.type === 'TicketStatusChanged') n += 1;
    counts.set(id, n);
  }
  return counts;
};

const recorded = async (svc: TestService, jobId: string): Promise<Set<string>> => {
  const events: BulkUpdateEvent[] = [];
  for await (const e of svc.deps.eventStore.readStream(bulkUpdateStream(jobId))) events.push({ type: e.type, data: e.data } as BulkUpdateEvent);
  return recordedTickets(events);
};

/**
 * The bulk-update worker as a process of its own (`start-workers`, over the test service's
 * DATA_DIR), killed with SIGKILL in the middle of a job. A ticket's change and the record of its
 * outcome are one append, so the kill never leaves a ticket changed without its outcome; started
 * again, the worker finishes the job with every ticket changed exactly once.
 */
describe('bulk update: the workers process killed -9 mid-job', function () {
  this.timeout(120_000);
  let svc: TestService;
  let worker: Proc | undefined;
  afterEach(async () => {
    worker?.child.kill('SIGKILL');
    if (worker !== undefined) await exited(worker);
    await svc?.stop();
  });

  it('given a running bulk status change, when its worker is killed -9 and started again, then every ticket changed exactly once and each has one outcome', async () => {
    // given: tickets of one order, and the service without its own bulk worker
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()), features: featuresWithoutBulkWorker() });
    const ids: string[] = [];
    for (let i = 0; i < TICKETS; i += 20) ids.push(...await Promise.all(Array.from({ length: 20 }, () => newTicket(svc, { orderName: 'KILL-1' }))));
    const env = { ...process.env, DATA_DIR: svc.dataDir, BULK_UPDATE_ACK_WAIT_MS: '1000', LOG_LEVEL: 'warn' };
    const started = await startBulk(svc, { filter: { orderName: 'KILL-1' }, changes: { status: { status: 'in_progress' } } });
    expect(started.status, started.text).to.equal(202);
    const { jobId } = started.body;

    // when: the workers process has changed some tickets, it is killed -9
    worker = await startComponent('workers', await freePort(), env);
    await eventually(async () => (await svc.deps.readModels.count(TICKETS_COLLECTION, { accountId: 'acme', orderName: 'KILL-1', status: 'in_progress' })) >= 20,
      'the worker changed 20 tickets', 30_000);
    worker.child.kill('SIGKILL');
    await exited(worker);
    const changedBeforeKill = [...(await statusChanges(svc, ids)).values()].filter((n) => n > 0).length;
    const recordedBeforeKill = (await recorded(svc, jobId)).size;
    expect(changedBeforeKill, 'killed mid-job').to.be.below(TICKETS);
    // no ticket changed without its outcome recorded (the two are one append)
    expect(changedBeforeKill, 'tickets changed at the kill, each with its outcome').to.equal(recordedBeforeKill);

    // then: started again, the worker takes the job over once its lease ran out, and finishes it
    worker = await startComponent('workers', await freePort(), env);
    const done = await waitForBulk(svc, jobId, ['succeeded'], 60_000);
    expect(done.body.job).to.include({ status: 'succeeded', total: TICKETS, processed: TICKETS, changed: TICKETS, unchanged: 0, refused: 0 });
    const changes = await statusChanges(svc, ids);
    expect([...changes.values()].every((n) => n === 1), 'every ticket has exactly one status change').to.equal(true);
    const outcomes = await recorded(svc, jobId);
    expect(outcomes.size).to.equal(TICKETS);
    let recordedOutcomes = 0;
    for await (const e of svc.deps.eventStore.readStream(bulkUpdateStream(jobId))) if (e.type === 'BulkUpdateTicketsProcessed') recordedOutcomes += (e.data as { outcomes: unknown[] }).outcomes.length;
    expect(recordedOutcomes, 'each ticket recorded once').to.equal(TICKETS);
  });
});
