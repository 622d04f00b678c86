import { expect } from 'chai';
import { MESSAGE_DELIVERY_JOB } from '@support/domain';
import { TOKENS } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { FakeCloudApi, platformError, startFakeCloudApi } from '../messaging/fake-cloud-api';
import { configWithFake, sendTemplate, syncTemplates, waitForOutcome } from '../messaging/messaging-service';
import { positionalBody, TEMPLATE_PAGES } from '../messaging/templates-fixture';
import { Family, parsePrometheus, total } from './prometheus-text';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET /metrics (Prometheus text format)', () => {
  let fake: FakeCloudApi;
  let svc: TestService;
  const scrape = async (): Promise<Family[]> => {
    const res = await svc.api('GET', '/metrics');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
    return parsePrometheus(res.text);
  };

  before(async () => {
    fake = await startFakeCloudApi();
    fake.templatePages = TEMPLATE_PAGES;
    const config = configWithFake(fake);
    // Two lists an hour, so the third is refused.
    (config.accounts.find((a) => a.id === 'acme')!.rateLimits as Record<string, unknown>).ticketList = { perHour: 2 };
    svc = await startTestService({ config });
  });
  after(async () => {
    await svc?.stop();
    await fake?.stop();
  });

  it('given a started service, when scraped without credentials, then it parses and has every family, at zero where nothing happened yet', async () => {
    const families = await scrape();
    for (const name of [
      'support_http_requests_total', 'support_http_request_duration_seconds', 'support_rate_limit_refusals_total',
      'support_event_store_append_duration_seconds', 'support_event_store_appended_events_total', 'support_projection_lag_events',
      'support_dispatcher_lag_events', 'support_job_queue_depth', 'support_job_dead_letters', 'support_job_redeliveries_total',
      'support_jobs_handled_total', 'support_jobs_in_progress', 'support_message_deliveries_total', 'support_webhook_deliveries_total',
      'support_webhook_attempt_duration_seconds', 'process_cpu_seconds_total',
    ]) expect(families.map((f) => f.name), name).to.include(name);
    expect(total(families, 'support_rate_limit_refusals_total')).to.equal(0);
    const readModels = new Set(families.find((f) => f.name === 'support_projection_lag_events')!.metrics.map((m) => m.labels.read_model));
    expect([...readModels]).to.include.members(['tickets', 'records', 'templates', 'messages']);
  });

  it('given tickets, lists, a refused list, a retried delivery and jobs held and dead, when scraped, then each family moved', async () => {
    const before = await scrape();
    // given: three tickets, one read back by id
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415555${String(2600 + i)}` }, query: `metrics ${i}` } });
      expect(res.status).to.equal(200);
      ids.push(res.body.ticketId);
    }
    expect((await svc.api('GET', `/apis/tickets/${ids[0]}`, { token: TOKENS.acmeAdmin })).status).to.equal(200);
    // and three lists, the third refused by the limit
    const lists = [];
    for (let i = 0; i < 3; i++) lists.push((await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin })).status);
    expect(lists).to.deep.equal([200, 200, 429]);
    // and a template message whose first attempt fails (3 x 503), delivered by the job's second delivery
    for (let i = 0; i < 3; i++) fake.sendScript.push(platformError(503, 2, 'Service temporarily unavailable'));
    expect((await syncTemplates(svc)).status).to.equal(200);
    const sent = await sendTemplate(svc, { to: '+14155550188', template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('Asha', '#1') } });
    expect(sent.body.status).to.equal('success');
    // and a job held by its handler, and a job its handler fails (dead letter)
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    await svc.deps.jobQueue.consume('metrics-held', { consumer: 'metrics', maxDeliver: 3, ackWaitMs: 30_000 }, async () => {
      await held;
      return { type: 'ack' };
    });
    await svc.deps.jobQueue.consume('metrics-dead', { consumer: 'metrics', maxDeliver: 3, ackWaitMs: 30_000 }, async () => ({ type: 'fail', reason: 'refused by the test' }));
    await svc.deps.jobQueue.publish('metrics-held', {}, { dedupeId: 'held-1' });
    await svc.deps.jobQueue.publish('metrics-dead', {}, { dedupeId: 'dead-1' });
    expect((await waitForOutcome(svc, sent.body.messageId, 15_000)).status).to.equal('sent');
    await sleep(100);

    // when
    const during = await scrape();
    release();

    // then: requests by route template and status, never a raw id
    expect(total(during, 'support_http_requests_total', { method: 'POST', route: '/apis/tickets/manual', status: '200' })).to.equal(3);
    expect(total(during, 'support_http_requests_total', { method: 'GET', route: '/apis/tickets/:ticketId', status: '200' })).to.equal(1);
    expect(total(during, 'support_http_requests_total', { route: '/apis/task-runs/tickets/list', status: '429' })).to.equal(1);
    expect(total(during, 'support_http_request_duration_seconds', { route: '/apis/task-runs/tickets/list' })).to.equal(3);
    for (const f of during) for (const m of f.lines) expect(JSON.stringify(m.labels), f.name).to.not.match(UUID).and.not.match(/\+1415|@/);
    // rate-limit refusals
    expect(total(during, 'support_rate_limit_refusals_total', { route: '/apis/task-runs/tickets/list' })).to.equal(1);
    // appends timed: each create one append (its customer, slot, number and ticket together), and the template send's
    expect(total(during, 'support_event_store_append_duration_seconds', { outcome: 'ok' }) - total(before, 'support_event_store_append_duration_seconds', { outcome: 'ok' })).to.be.at.least(3 + 1);
    expect(total(during, 'support_event_store_appended_events_total')).to.be.greaterThan(total(before, 'support_event_store_appended_events_total'));
    // message deliveries by outcome: the failed attempt and the delivery
    expect(total(during, 'support_message_deliveries_total', { outcome: 'retry' })).to.equal(1);
    expect(total(during, 'support_message_deliveries_total', { outcome: 'sent' })).to.equal(1);
    // jobs: the delivery job came back once; one job in hand; one dead
    expect(total(during, 'support_job_redeliveries_total', { kind: MESSAGE_DELIVERY_JOB })).to.equal(1);
    expect(total(during, 'support_jobs_handled_total', { kind: MESSAGE_DELIVERY_JOB, outcome: 'retry' })).to.equal(1);
    expect(total(during, 'support_job_queue_depth', { kind: 'metrics-held' })).to.equal(1);
    expect(total(during, 'support_jobs_in_progress', { kind: 'metrics-held' })).to.equal(1);
    expect(total(during, 'support_job_dead_letters', { kind: 'metrics-dead' })).to.equal(1);
    // projections caught up: no read model behind the head of the log
    expect(total(during, 'support_projection_lag_events')).to.equal(0);

    // and once the held job is done, the depth falls back
    await sleep(100);
    const after = await scrape();
    expect(total(after, 'support_job_queue_depth', { kind: 'metrics-held' })).to.equal(0);
    expect(total(after, 'support_jobs_in_progress', { kind: 'metrics-held' })).to.equal(0);
  });
});
