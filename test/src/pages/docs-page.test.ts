import { expect } from 'chai';
import { Browser } from 'playwright-core';
import { openApiDocument } from '@support/app';
import { launchChromium, recordedPage, RecordedPage, screenshot, seriousAccessibilityViolations } from '../support/browser';
import { TOKENS } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';

describe('GET /docs in Chromium: the API reference of the service\'s own document', function () {
  this.timeout(60_000);
  let svc: TestService;
  let browser: Browser | null;
  let tab: RecordedPage;

  before(async function () {
    browser = await launchChromium();
    if (browser === null) return this.skip();
    svc = await startTestService();
    tab = await recordedPage(browser, svc.url);
    await tab.page.goto(`${svc.url}/docs`);
    await tab.page.locator('.opblock').first().waitFor();
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
    // Given the admin's token typed in Authorize
    await page.locator('.scheme-container button.authorize').click();
    await page.locator('.auth-container').first().locator('input').fill(TOKENS.acmeAdmin);
    await page.locator('.auth-container').first().locator('button.authorize').click();
    await page.locator('.modal-ux .btn-done').first().click();
    // When the create route is tried with a body
    const create = page.locator('.opblock-post').filter({ has: page.locator('.opblock-summary-path[data-path="/apis/tickets/manual"]') });
    await create.locator('.opblock-summary').click();
    await create.locator('.try-out__btn').click();
    const body = { customer: { name: 'Tried From Docs', phone: '+14155550199' }, subject: 'Tried', query: 'Sent from the reference page.' };
    await create.locator('textarea.body-param__text').fill(JSON.stringify(body));
    await create.locator('button.execute').click();
    // Then the page shows the service's answer, and the ticket is there
    const status = create.locator('.live-responses-table tr.response .response-col_status').first();
    await status.waitFor();
    expect((await status.textContent())?.trim()).to.equal('200');
    const shownBody = JSON.parse((await create.locator('.live-responses-table tr.response .response-col_description pre').first().textContent()) ?? '');
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
