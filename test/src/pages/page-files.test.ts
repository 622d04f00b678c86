import { expect } from 'chai';
import { startTestService, TestService } from '../support/test-service';

describe('the browser pages\' files over HTTP', function () {
  this.timeout(30_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(async () => svc.stop());

  it('given each page and a file of it, then each answers with the strict policy and its media type', async () => {
    for (const [route, type] of [['/docs', 'text/html'], ['/docs/', 'text/html'], ['/docs/swagger-ui-bundle.js', 'text/javascript'], ['/docs/swagger-ui.css', 'text/css'],
      ['/audit', 'text/html'], ['/audit/verify.js', 'text/javascript'], ['/audit/canonicalize.js', 'text/javascript'],
      ['/reports', 'text/html'], ['/reports/reports.js', 'text/javascript'], ['/reports/api.js', 'text/javascript'], ['/reports/numbers.js', 'text/javascript'],
      ['/reports/charts.js', 'text/javascript'], ['/reports/tables.js', 'text/javascript'], ['/reports/dom.js', 'text/javascript'], ['/reports/uPlot.js', 'text/javascript'],
      ['/reports/uPlot.css', 'text/css'], ['/reports/audit.css', 'text/css'], ['/reports/reports.css', 'text/css']]) {
      const res = await svc.api('GET', route);
      expect(res.status, route).to.equal(200);
      expect(res.headers.get('content-type'), route).to.include(type);
      expect(res.headers.get('content-security-policy'), route).to.equal(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      );
      expect(res.headers.get('x-content-type-options'), route).to.equal('nosniff');
    }
  });

  it('given a name that is not one of the page\'s files, then a 404 in the error shape names the page', async () => {
    for (const route of ['/docs/index.html', '/docs/package.json', '/docs/..%2F..%2Fpackage.json', '/audit/swagger-ui-bundle.js', '/reports/canonicalize.js', '/reports/uPlot.iife.min.js']) {
      const res = await svc.api('GET', route);
      expect(res.status, route).to.equal(404);
      expect(res.body.error).to.equal('Not Found');
      expect(res.body.message).to.match(/: the page is \/(docs|audit|reports)$/);
    }
  });

  it('given the audit page\'s canonical JSON module, then it is the npm canonicalize the log hashes with, as an ES module', async () => {
    const res = await svc.api('GET', '/audit/canonicalize.js');
    expect(res.text).to.match(/^const module = \{ exports: \{\} \};\n/);
    expect(res.text).to.include('module.exports = function serialize');
    expect(res.text.trimEnd()).to.match(/export default module\.exports;$/);
  });

  it('given the reports page\'s chart module, then it is npm uplot\'s minified build with its global exported, as an ES module', async () => {
    const res = await svc.api('GET', '/reports/uPlot.js');
    expect(res.text).to.match(/^\/\*! https:\/\/github\.com\/leeoniya\/uPlot \(v1\.\d+\.\d+\) \*\/\nvar uPlot=function\(\)/);
    expect(res.text.trimEnd()).to.match(/export default uPlot;$/);
  });
});
