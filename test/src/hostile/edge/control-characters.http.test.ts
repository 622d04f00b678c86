import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../../support/example-config';
import { startTestService, TestService } from '../../support/test-service';

describe('text with control characters (the HTTP edge): NUL and the other C0 characters are refused, tab, line feed and carriage return taken', function () {
  this.timeout(30_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  });
  after(async () => {
    await svc.stop();
  });
  const create = (name: string, query = 'q') =>
    svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { name, phone: '+14155550911' }, query, forceCreateTicket: true } });

  for (const [what, char] of [['NUL', '\u0000'], ['BEL', '\u0007'], ['ESC', '\u001b'], ['vertical tab', '\u000b'], ['US', '\u001f']] as const) {
    it(`given a customer name with ${what}, then 400 naming customer.name, and nothing is made`, async () => {
      const res = await create(`Kim${char}Lee`);
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/control characters/);
      expect(res.body.fields).to.deep.equal(['customer.name']);
    });
  }

  it('given a query with tabs, line feeds and carriage returns, then the ticket is made', async () => {
    const res = await create('Kim Lee', 'line one\r\nline two\tindented');
    expect(res.status, res.text).to.equal(200);
  });
});
