import { Page } from 'playwright-core';

/**
 * On /docs: types `token` in Authorize, opens the create route (POST /apis/tickets/manual), tries it
 * with `body` and answers the status and the JSON body the page shows.
 */
export const tryCreateRoute = async (page: Page, token: string, body: unknown): Promise<{ status: string; body: any }> => {
  await page.locator('.scheme-container button.authorize').click();
  await page.locator('.auth-container').first().locator('input').fill(token);
  await page.locator('.auth-container').first().locator('button.authorize').click();
  await page.locator('.modal-ux .btn-done').first().click();
  const create = page.locator('.opblock-post').filter({ has: page.locator('.opblock-summary-path[data-path="/apis/tickets/manual"]') });
  await create.locator('.opblock-summary').click();
  await create.locator('.try-out__btn').click();
  await create.locator('textarea.body-param__text').fill(JSON.stringify(body));
  await create.locator('button.execute').click();
  const answer = create.locator('.live-responses-table tr.response').first();
  await answer.locator('.response-col_status').waitFor();
  return {
    status: ((await answer.locator('.response-col_status').textContent()) ?? '').trim(),
    body: JSON.parse((await answer.locator('.response-col_description pre').first().textContent()) ?? 'null'),
  };
};
