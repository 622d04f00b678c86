import { expect } from 'chai';
import { TICKET_EXPORT_JOB } from '@support/domain';
import { DEAD_LETTERED_EXPORT_ERROR, failDeadLetteredExports } from '@support/workers';
import { exampleConfig, withoutRateLimits } from '../support/example-config';
import { eventually } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';
import { pollExport, startExport } from './support/export-api';
import { featuresWithoutExportWorkers } from './support/export-features';

describe('ticket export: a job that went to the dead letter unfinished is failed, never running for ever (HTTP)', function () {
  this.timeout(30_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()), features: featuresWithoutExportWorkers() });
  });
  after(async () => {
    await svc.stop();
  });

  it('given an export whose job a worker took and never finished until the queue dead-lettered it, when the dead-letter sweep runs, then the poller reads failed with a safe message, a metric counts it, and a second sweep changes nothing', async () => {
    // given an export, and a worker that takes its job and dies on its last delivery (the queue dead-letters it)
    const started = await startExport(svc, {});
    expect(started.status).to.equal(202);
    const jobId = started.body.jobId as string;
    const consumer = await svc.deps.jobQueue.consume(TICKET_EXPORT_JOB, { consumer: 'dying-worker', maxDeliver: 1, ackWaitMs: 60_000 }, async () => ({ type: 'fail', reason: 'the worker died' }));
    await eventually(async () => (await svc.deps.jobQueue.deadLetters(TICKET_EXPORT_JOB)).length === 1, 'the job is in the dead letter');
    await consumer.stop();
    expect((await pollExport(svc, jobId)).body.job.status).to.equal('queued');
    // when
    const failed = await failDeadLetteredExports(svc.deps);
    // then
    expect(failed).to.equal(1);
    await eventually(async () => (await pollExport(svc, jobId)).body.job.status === 'failed', 'the poller reads failed');
    const polled = await pollExport(svc, jobId);
    expect(JSON.stringify(polled.body)).to.contain(DEAD_LETTERED_EXPORT_ERROR);
    const metrics = await svc.api('GET', '/metrics');
    expect(metrics.text).to.match(/support_export_jobs_failed_total\{cause="dead_letter"\} 1/);
    expect(await failDeadLetteredExports(svc.deps)).to.equal(0);
  });
});
