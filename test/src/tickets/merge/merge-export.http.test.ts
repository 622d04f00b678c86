import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../../support/example-config';
import { startTestService, TestService } from '../../support/test-service';
import { downloadCsv, exportAndWait } from '../../exports/support/export-api';
import { merge } from './support';

describe('merging tickets: the export\'s related-work columns and FCR see the merged family (HTTP)', function () {
  this.timeout(60_000);
  let svc: TestService;
  let phone = 0;

  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  });
  after(() => svc.stop());

  const create = async (source: string) => {
    const r = await svc.api('POST', '/apis/tickets/manual', {
      token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415777${String(1000 + phone++)}` }, query: 'Broken mug', orderName: 'MERGED', source, fastResponse: false },
    });
    expect(r.status, r.text).to.equal(200);
    return { id: r.body.ticketId as string, number: String(r.body.ticket.ticketNumber) };
  };
  const work = async (id: string, command: string, body: unknown) => expect((await svc.api('POST', `/apis/tickets/${id}/${command}`, { token: TOKENS.acmeAdmin, body })).status).to.equal(200);
  const rows = async () => {
    const { done } = await exportAndWait(svc, { orderName: 'MERGED' });
    expect(done.body.job.status).to.equal('succeeded');
    return (await downloadCsv(done.body.downloadUrl)).rows;
  };

  it('given a resolved email ticket (FCR Yes) and a phone ticket of the same problem, when the phone ticket is merged into it, then the target\'s row counts the call and FCR is No', async () => {
    // given
    const target = await create('email');
    await work(target.id, 'emails', { messageId: 'mx-1', threadId: 'mx-th', emailClient: 'gmail', from: 'kim@example.com', to: ['help@acme.example'], sentAt: new Date().toISOString() });
    await work(target.id, 'status', { status: 'resolved_by_agent' });
    const source = await create('voiceCall');
    await work(source.id, 'calls', { callId: 'mx-call', direction: 'incoming', startedAt: new Date().toISOString() });
    const before = (await rows()).find((r) => r['Ticket Number'] === target.number) as Record<string, string>;
    expect(before).to.include({ FCR: 'Yes', 'Incoming Calls': '0', 'Interaction Tickets': '0' });
    // when
    expect((await merge(svc, target.id, { sourceTicketIds: [source.id] })).status).to.equal(200);
    // then
    const after = await rows();
    const targetRow = after.find((r) => r['Ticket Number'] === target.number) as Record<string, string>;
    expect(targetRow).to.include({ FCR: 'No', 'Incoming Calls': '1', 'Interaction Tickets': '1', 'Customer Email Messages': '1' });
    const sourceRow = after.find((r) => r['Ticket Number'] === source.number) as Record<string, string>;
    expect(sourceRow).to.include({ Status: 'closed', 'Incoming Calls': '', FCR: '' });
  });
});
