import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

test('the browser shell shows the app title and the version delivered over ipc', async ({ page, shell }) => {
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trackdesk' })).toBeVisible();
  await expect(page.getByLabel('version')).toHaveText(`Version ${version}`);
  await expect(page).toHaveTitle(`Trackdesk ${version}`);
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
});

test('the browser shell refuses requests without its token', async ({ request, shell }) => {
  const response = await request.post(`${shell.origin}/ipc/app.info`, { data: {} });
  expect(response.status()).toBe(401);
});
