import { expect } from 'chai';
import { TestService } from '../../support/test-service';
import { startFakeExternal, FakeExternal } from './support/fake-external';
import { configWithFakes, createTicket, evaluationOf, startTicketService } from './support/ticket-service';

describe('manual ticket smoke', () => {
  let fake: FakeExternal;
  let svc: TestService;
  before(async () => {
    fake = await startFakeExternal();
    svc = await startTicketService(configWithFakes(fake));
  });
  after(async () => {
    await svc.stop();
    await fake.stop();
  });
  it('creates', async () => {
    fake.state.tiers['+14155552671'] = 'gold';
    const r = await createTicket(svc, { customer: { phone: '+14155552671', name: 'Ann' }, query: 'Where is my refund? This is terrible.', subject: 'Refund', taskName: 'refund request', skipExecuteAction: false });
    console.log(JSON.stringify(r.body, null, 1));
    console.log(JSON.stringify(await evaluationOf(svc, r.body.ticketId), null, 1));
    console.log(fake.received);
    const l = await svc.api('POST', '/apis/task-runs/tickets/list', { token: 'acme-admin-token-0001', body: {} });
    console.log(JSON.stringify(l.body, null, 1));
  });
});
