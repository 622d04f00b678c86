import { Page } from 'playwright-core';
import { TestService } from '../support/test-service';
import { eventually } from '../support/eventually';
import { TOKENS } from '../support/example-config';

/** Opens /audit and signs in with `token`. */
export const signIn = async (page: Page, url: string, token: string): Promise<void> => {
  await page.goto(`${url}/audit`);
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/** Signs in on /audit with `token` and asks for the ticket typed (a number or an id). */
export const openTrail = async (page: Page, url: string, token: string, typed: string): Promise<void> => {
  await signIn(page, url, token);
  await page.getByLabel('Ticket number or id').fill(typed);
  await page.getByRole('button', { name: 'Show trail' }).click();
};

/** Each shown event's verdict (`verified`, `not-verified`, `pending`) and its text, once none is being checked. */
export const verdicts = async (page: Page): Promise<{ state: string; text: string; type: string }[]> =>
  page.locator('#trail .event').evaluateAll((items) => items.map((i) => ({
    state: (i as unknown as { dataset: Record<string, string> }).dataset.verdict ?? 'checking',
    text: i.querySelector('.verdict')?.textContent ?? '',
    type: i.querySelector('.type')?.textContent ?? '',
  })));

/** Waits until the log's latest checkpoint proves every event of the ticket (none pending). */
export const provenByCheckpoint = async (svc: Pick<TestService, 'api'>, ticketId: string): Promise<number> => {
  let count = 0;
  await eventually(async () => {
    const res = await svc.api('GET', `/admin/log/tickets/${ticketId}/inclusion`, { token: TOKENS.acmeAdmin });
    count = res.status === 200 ? res.body.events.length : 0;
    return res.status === 200 && res.body.pending.length === 0;
  }, `a checkpoint covers every event of ticket ${ticketId}`, 15_000);
  return count;
};
