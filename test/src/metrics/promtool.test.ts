import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';

const promtool = (): string | null => {
  const found = spawnSync('promtool', ['--version'], { stdio: 'ignore' });
  return found.error === undefined && found.status === 0 ? 'promtool' : null;
};

describe('GET /metrics passes promtool check metrics (Prometheus\'s own linter)', function () {
  this.timeout(30_000);
  let svc: TestService;
  before(async function () {
    if (promtool() === null) {
      if (process.env.REQUIRE_PROMTOOL === '1') throw new Error('promtool is not on PATH but REQUIRE_PROMTOOL=1 (apt-get install prometheus)');
      // eslint-disable-next-line no-console
      console.log('      skipped: promtool is not on PATH (Debian: apt-get install prometheus)');
      this.skip();
    }
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  });
  after(async () => {
    await svc?.stop();
  });

  it('given a service that has answered requests and created a ticket, when its /metrics answer is checked by promtool, then it exits 0 with nothing to say', async () => {
    // given
    const created = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { phone: '+14155550971' }, query: 'metrics' } });
    expect(created.status).to.equal(200);
    await svc.api('GET', '/apis/tickets/nope', { token: TOKENS.acmeAdmin });
    // when
    const metrics = await svc.api('GET', '/metrics');
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: metrics.text, encoding: 'utf8' });
    // then
    expect(`${checked.stdout}${checked.stderr}`.trim()).to.equal('');
    expect(checked.status).to.equal(0);
  });
});
