import { expect } from 'chai';
import { exampleConfig, TOKENS } from '../../support/example-config';
import { startTestService, TestService } from '../../support/test-service';
import { createTicket, freshPhone } from './support/ticket-service';

describe('POST /apis/tickets/manual: rate limit (docs/api/README.md, Rate limits)', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: exampleConfig() });
  });
  after(async () => svc.stop());

  it('given 5 creations within a minute by one token, when a 6th comes, then 429 with the limit headers; another token is not affected', async () => {
    // given
    for (let i = 0; i < 5; i++) {
      const ok = await createTicket(svc, { customer: { phone: freshPhone() }, query: `q${i}` });
      expect(ok.status).to.equal(200);
    }
    // when
    const refused = await createTicket(svc, { customer: { phone: freshPhone() }, query: 'one too many' });
    // then
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('x-ratelimit-limit')).to.equal('5');
    expect(refused.headers.get('x-ratelimit-remaining')).to.equal('0');
    expect(Number(refused.headers.get('retry-after'))).to.be.greaterThan(0);
    expect(refused.body.message).to.be.a('string');
    const other = await createTicket(svc, { customer: { phone: freshPhone() }, query: 'agent' }, TOKENS.acmeAgent);
    expect(other.status).to.equal(200);
  });
});
