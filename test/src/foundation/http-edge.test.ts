import { expect } from 'chai';
import { startTestService, TestService } from '../support/test-service';
import { exampleConfig, TOKENS } from '../support/example-config';
import { probeFeature } from './probe-feature';

describe('HTTP edge', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: exampleConfig(), features: [probeFeature] });
  });
  after(async () => svc.stop());

  it('given a valid token and body, then the route answers with the resolved account', async () => {
    const res = await svc.api('POST', '/probe/echo', { token: TOKENS.acmeAdmin, body: { name: 'x' } });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ echoed: { name: 'x' }, accountId: 'acme' });
  });

  it('given no Authorization header, then 401 in the error body of docs/api/README.md', async () => {
    const res = await svc.api('POST', '/probe/echo', { body: { name: 'x' } });
    expect(res.status).to.equal(401);
    expect(res.body.error).to.be.a('string');
    expect(res.body.message).to.match(/Bearer/);
    expect(res.headers.get('www-authenticate')).to.equal('Bearer');
  });

  it('given a non-Bearer Authorization header, then 401', async () => {
    const res = await svc.api('POST', '/probe/echo', { headers: { Authorization: 'Basic abc' }, body: { name: 'x' } });
    expect(res.status).to.equal(401);
  });

  it('given an unknown token, then 403 "Not authorized"', async () => {
    const res = await svc.api('POST', '/probe/echo', { token: 'not-a-token', body: { name: 'x' } });
    expect(res.status).to.equal(403);
    expect(res.body.message).to.equal('Not authorized');
  });

  it('given an unknown token on a resource route, then 403 "Invalid token"', async () => {
    const res = await svc.api('POST', '/probe/resource', { token: 'not-a-token', body: {} });
    expect(res.status).to.equal(403);
    expect(res.body.message).to.equal('Invalid token');
  });

  it('given malformed JSON, then 400 saying the body is not valid JSON', async () => {
    const res = await svc.api('POST', '/probe/echo', { token: TOKENS.acmeAdmin, rawBody: '{"name": ' });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.match(/Malformed JSON/);
  });

  it('given a body over the limit, then 413', async () => {
    const res = await svc.api('POST', '/probe/echo', { token: TOKENS.acmeAdmin, body: { name: 'x'.repeat(1_100_000) } });
    expect(res.status).to.equal(413);
    expect(res.body.message).to.match(/too large/);
  });

  it('given a body that is not JSON, then 415', async () => {
    const res = await svc.api('POST', '/probe/echo', { token: TOKENS.acmeAdmin, rawBody: 'name=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(res.status).to.equal(415);
  });

  it('given an unknown key, then 400 naming the key', async () => {
    const res = await svc.api('POST', '/probe/echo', { token: TOKENS.acmeAdmin, body: { name: 'x', colour: 'red' } });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.match(/^Unknown field "colour"/);
  });

  it('given a field of the wrong type, then 400 naming the field and the type', async () => {
    const res = await svc.api('POST', '/probe/echo', { token: TOKENS.acmeAdmin, body: { name: 7 } });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.equal('name must be string, got 7');
  });

  it('given an X-Request-Id, then it is returned; without one, one is made', async () => {
    const given = await svc.api('POST', '/probe/echo', { token: TOKENS.acmeAdmin, body: { name: 'x' }, headers: { 'X-Request-Id': 'req-123' } });
    expect(given.headers.get('x-request-id')).to.equal('req-123');
    const made = await svc.api('POST', '/probe/echo', { token: TOKENS.acmeAdmin, body: { name: 'x' } });
    expect(made.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('given a handler that fails unexpectedly, then 500 "Internal server error" with no stack or detail', async () => {
    const res = await svc.api('POST', '/probe/boom', { token: TOKENS.acmeAdmin, body: {} });
    expect(res.status).to.equal(500);
    expect(res.body).to.deep.equal({ error: 'Internal server error', message: 'Internal server error' });
    expect(res.text).not.to.match(/secret|app\.ts|at /);
  });

  it('given an unknown route, then 404 in the error body', async () => {
    const res = await svc.api('GET', '/apis/nothing-here', { token: TOKENS.acmeAdmin });
    expect(res.status).to.equal(404);
    expect(res.body.message).to.match(/No route GET \/apis\/nothing-here/);
  });

  it('given the health routes, then live and ready answer 200', async () => {
    expect((await svc.api('GET', '/health/live')).status).to.equal(200);
    expect((await svc.api('GET', '/health/ready')).body).to.deep.equal({ status: 'ready' });
  });
});
