import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { freshPhone, MANUAL } from '../tickets/create/support/ticket-service';

/** Every ticket created (TicketCreated events) for this phone's customer, through the list. */
const ticketsOf = async (svc: TestService, phone: string): Promise<number> => {
  const res = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { phoneNumber: phone, limit: 100 } });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.total as number;
};

describe('Idempotency-Key on the command routes (IETF httpapi draft): a retry is safe', function () {
  this.timeout(60_000);
  let svc: TestService;
  const config = withoutRateLimits(exampleConfig());
  before(async () => {
    svc = await startTestService({ config });
  });
  after(async () => {
    await svc.stop({ remove: true });
  });

  const create = (body: unknown, key: string | null, token: string = TOKENS.acmeAdmin) =>
    svc.api('POST', MANUAL, { token, body, headers: key === null ? {} : { 'Idempotency-Key': key } });

  it('given a forced create sent with a key, when it is sent again with the same key and body, then the first answer comes again (status, body, Idempotent-Replayed) and one ticket exists', async () => {
    // given
    const phone = freshPhone();
    const key = randomUUID();
    const body = { customer: { phone }, query: 'once only', forceCreateTicket: true };
    const first = await create(body, key);
    // when
    const again = await create(body, key);
    // then
    expect(first.status).to.equal(200);
    expect(first.headers.get('idempotent-replayed')).to.equal(null);
    expect(again.status).to.equal(200);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.body).to.deep.equal(first.body);
    expect(await ticketsOf(svc, phone)).to.equal(1);
  });

  it('given a key used for one request, when another body comes with that key, then 422 naming the header, and nothing is done', async () => {
    const phone = freshPhone();
    const key = randomUUID();
    await create({ customer: { phone }, query: 'first', forceCreateTicket: true }, key);
    const other = await create({ customer: { phone }, query: 'second', forceCreateTicket: true }, key);
    expect(other.status).to.equal(422);
    expect(other.body).to.include({ error: 'Unprocessable Entity', field: 'Idempotency-Key' });
    expect(other.body.message).to.match(/another request/);
    expect(await ticketsOf(svc, phone)).to.equal(1);
  });

  it('given fifty concurrent repeats of one forced create with one key, then one ticket is made and the fifty answers are identical', async () => {
    // given
    const phone = freshPhone();
    const key = randomUUID();
    const body = { customer: { phone }, query: 'fifty at once', forceCreateTicket: true };
    // when
    const answers = await Promise.all(Array.from({ length: 50 }, () => create(body, key)));
    // then
    expect(answers.map((a) => a.status)).to.deep.equal(Array(50).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).to.equal(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).to.have.length(1);
    expect(await ticketsOf(svc, phone)).to.equal(1);
  });

  it('given one key under two tokens, then each token has its own: both run their command', async () => {
    const phone = freshPhone();
    const key = randomUUID();
    const body = { customer: { phone }, query: 'per token', forceCreateTicket: true };
    const admin = await create(body, key, TOKENS.acmeAdmin);
    const agent = await create(body, key, TOKENS.acmeAgent);
    expect(admin.status).to.equal(200);
    expect(agent.status).to.equal(200);
    expect(agent.body.ticketId).to.not.equal(admin.body.ticketId);
    expect(agent.headers.get('idempotent-replayed')).to.equal(null);
  });

  it('given a request refused with 400, when it is repeated with its key, then the same 400 comes again; given a key that is not 1 to 255 visible characters, then 400 naming the header', async () => {
    const key = randomUUID();
    const bad = await create({ customer: {}, query: 'no contact' }, key);
    const again = await create({ customer: {}, query: 'no contact' }, key);
    expect(bad.status).to.equal(400);
    expect(again.status).to.equal(400);
    expect(again.body).to.deep.equal(bad.body);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    const long = await create({ customer: { phone: freshPhone() }, query: 'q' }, 'k'.repeat(256));
    expect(long.status).to.equal(400);
    expect(long.body).to.include({ field: 'Idempotency-Key' });
  });

  it('given a create answered with a key, when the service restarts and the request is repeated, then the first answer comes again and no second ticket is made', async () => {
    // given
    const phone = freshPhone();
    const key = randomUUID();
    const body = { customer: { phone }, query: 'across a restart', forceCreateTicket: true };
    const first = await create(body, key);
    // when
    const { dataDir } = svc;
    await svc.stop({ remove: false });
    svc = await startTestService({ config, dataDir });
    const again = await create(body, key);
    // then
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.equal(first.body);
    expect(await ticketsOf(svc, phone)).to.equal(1);
  });
});
