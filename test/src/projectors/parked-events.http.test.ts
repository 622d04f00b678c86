import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ticketStream } from '@support/domain';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { parsePrometheus, total } from '../metrics/prometheus-text';
import { newTicket } from '../tickets/lifecycle/support';

const OPERATOR_TOKEN = 'operator-token-for-parked-events-0001';

describe('a poison event in the running service: parked, listed, counted, retried on request; the read models go on', function () {
  this.timeout(120_000);
  let svc: TestService;
  const poisonId = randomUUID();

  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()), env: { OPERATOR_TOKEN } });
  });
  after(async () => svc.stop());

  const listed = async (ticketId: string) =>
    ((await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: {} })).body.data as { id: string }[]).some((t) => t.id === ticketId);

  it('given a TicketCreated the projections cannot apply (no customer), when a ticket is created after it, then the new ticket is listed, the poison event is parked and listed with its error, ready names it and the metric counts it', async () => {
    // given
    const appended = await svc.deps.eventStore.appendToStream(ticketStream(poisonId), [{
      id: poisonId, type: 'TicketCreated', data: { ticketId: poisonId, accountId: 'acme' }, metadata: { version: 1, accountId: 'acme' },
    }], { expectedRevision: 'no_stream' });
    expect(appended._tag).to.equal('Right');
    // when
    const ticketId = await newTicket(svc);
    // then
    const deadline = Date.now() + 60_000;
    while (!(await listed(ticketId)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await listed(ticketId), 'the ticket after the poison event is listed').to.equal(true);
    const parked = await svc.api('GET', '/admin/parked-events', { token: OPERATOR_TOKEN });
    expect(parked.status).to.equal(200);
    const tickets = (parked.body.data as { readModel: string; eventId: string; eventType: string; errorMessage: string }[]).find((p) => p.readModel === 'tickets');
    expect(tickets).to.include({ eventId: poisonId, eventType: 'TicketCreated' });
    expect(tickets!.errorMessage).to.be.a('string').and.not.equal('');
    const ready = await svc.api('GET', '/health/ready');
    expect(ready.status).to.equal(200);
    expect(ready.body.parkedEvents.tickets).to.equal(1);
    const metrics = parsePrometheus(await (await fetch(`${svc.url}/metrics`)).text());
    expect(total(metrics, 'support_projection_parked_events', { read_model: 'tickets' })).to.equal(1);
  });

  it('given the parked event, when the operator asks for its retry, then 202 and (still failing) it stays parked; an account admin and an unknown event are refused', async () => {
    const retry = await svc.api('POST', `/admin/parked-events/tickets/${poisonId}/retry`, { token: OPERATOR_TOKEN });
    expect(retry.status).to.equal(202);
    expect(retry.body).to.deep.equal({ status: 'retry_requested', readModel: 'tickets', eventId: poisonId });
    const listedNow = await svc.api('GET', '/admin/parked-events', { token: OPERATOR_TOKEN });
    expect((listedNow.body.data as { eventId: string; readModel: string }[]).some((p) => p.readModel === 'tickets' && p.eventId === poisonId)).to.equal(true);
    expect((await svc.api('GET', '/admin/parked-events', { token: TOKENS.acmeAdmin })).status).to.equal(403);
    const unknown = await svc.api('POST', `/admin/parked-events/tickets/${randomUUID()}/retry`, { token: OPERATOR_TOKEN });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.message).to.match(/GET \/admin\/parked-events lists/);
  });
});
