import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { exportAndWait } from '../exports/support/export-api';

/**
 * Every answer carries `X-Content-Type-Options: nosniff` (issue 57): JSON, errors, the health
 * routes and the CSV a signed link downloads, so that a browser never takes a ticket's text in
 * them for a page or a script.
 */
describe('X-Content-Type-Options: nosniff on every answer', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  });
  after(async () => {
    await svc.stop();
  });

  const nosniff = (res: { headers: Headers }) => res.headers.get('x-content-type-options');

  it('given a JSON answer, an error, an unknown route and the health route, then each says nosniff', async () => {
    const answers = [
      await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: {} }),
      await svc.api('POST', '/apis/task-runs/tickets/list', { body: {} }),
      await svc.api('GET', '/apis/no-such-route', { token: TOKENS.acmeAdmin }),
      await svc.api('GET', '/health/live'),
    ];
    expect(answers.map((a) => a.status)).to.deep.equal([200, 401, 404, 200]);
    expect(answers.map(nosniff)).to.deep.equal(['nosniff', 'nosniff', 'nosniff', 'nosniff']);
  });

  it('given an export, when its CSV is downloaded by the signed link, then the file says nosniff', async () => {
    const { done } = await exportAndWait(svc, {});
    const res = await fetch(done.body.downloadUrl as string);
    await res.arrayBuffer();
    expect(res.status).to.equal(200);
    expect(nosniff(res)).to.equal('nosniff');
  });
});
