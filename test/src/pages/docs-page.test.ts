import { expect } from 'chai';
import { Browser } from 'playwright-core';
import { openApiDocument } from '@support/app';
import { launchChromium, recordedPage, RecordedPage, screenshot, seriousAccessibilityViolations } from '../support/browser';
import { TOKENS } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { tryCreateRoute } from './docs-page';

describe('GET /docs in Chromium: the API reference of the service\'s own document', function () {
  this.timeout(60_000);
  let svc: TestService;
  let browser: Browser | null;
  let tab: RecordedPage;

  before(async function () {
    browser = await launchChromium();
    if (browser === null) return this.skip();
    svc = await startTestService();
    // A fresh context: a cold cache, as a first visit.
    tab = await recordedPage(browser, svc.url);
    const started = Date.now();
    await tab.page.goto(`${svc.url}/docs`);
    await tab.page.locator('.opblock').first().waitFor();
    const listed = Date.now() - started;
    const paint = await tab.page.evaluate<number>('performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1');
    console.log(`      /docs, cold cache: first contentful paint ${Math.round(paint)} ms, the routes listed ${listed} ms`);
  });
  after(async () => {
    await tab?.close();
    await browser?.close();
    await svc?.stop();
  });

  it('loads with no console error and no request to anything but the service', async () => {
    expect(tab.errors).to.deep.equal([]);
    expect(tab.foreign()).to.deep.equal([]);
    expect(tab.requests.some((u) => u.endsWith('/openapi.json'))).to.equal(true);
  });

  it('lists every path and every webhook of the OpenAPI document', async () => {
    const shown = new Set(await tab.page.locator('.opblock-summary-path').evaluateAll((els) => els.map((e) => e.getAttribute('data-path') ?? '')));
    expect([...shown].filter((p) => p.startsWith('/')).sort(), 'paths').to.deep.equal(Object.keys(openApiDocument.paths).sort());
    expect([...shown].filter((p) => !p.startsWith('/')).sort(), 'webhooks').to.deep.equal(Object.keys(openApiDocument.webhooks).sort());
  });

  it('has no serious or critical accessibility violation (axe-core), and its screenshot is written', async () => {
    expect(await seriousAccessibilityViolations(tab.page)).to.deep.equal([]);
    await screenshot(tab.page, 'docs');
  });

  it('sends a request tried from it with the typed token and shows the service\'s real answer; the token stays out of storage and URLs', async () => {
    const { page } = tab;
    const body = { customer: { name: 'Tried From Docs', phone: '+14155550199' }, subject: 'Tried', query: 'Sent from the reference page.' };
    // Given the admin's token typed in Authorize, when the create route is tried with a body
    const answer = await tryCreateRoute(page, TOKENS.acmeAdmin, body);
    // Then the page shows the service's answer, and the ticket is there
    expect(answer.status).to.equal('200');
    const shownBody = answer.body;
    const ticket = await svc.api('GET', `/apis/tickets/${shownBody.ticketId}`, { token: TOKENS.acmeAdmin });
    expect(ticket.status).to.equal(200);
    expect(ticket.body.ticket.subject).to.equal('Tried');
    const stored = await page.evaluate<string>('JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie');
    expect(stored).to.not.include(TOKENS.acmeAdmin);
    expect(tab.requests.filter((u) => u.includes(TOKENS.acmeAdmin))).to.deep.equal([]);
    expect(tab.errors).to.deep.equal([]);
    expect(await seriousAccessibilityViolations(page), 'with a request tried').to.deep.equal([]);
  });
});
