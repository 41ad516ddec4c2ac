import { expect, test } from './fixtures.ts';
import { callDirect, embeddedServiceAccess } from './helpers/registry-seed.ts';

test('choosing another workspace on Requests shows the Requests of the new workspace', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const service = await embeddedServiceAccess(shell);
  for (const name of ['north', 'south']) await callDirect(service, 'createWorkspace', { body: { name } });
  await page.reload();
  const picker = page.getByRole('combobox', { name: 'Workspace' });
  const choose = async (name: string) => {
    await picker.click();
    await page.getByRole('option', { name, exact: true }).click();
  };
  await choose('north');
  await page.getByRole('link', { name: 'Requests' }).click();
  await expect(page.getByText('0 pending requests in north.')).toBeVisible();
  await expect(page).toHaveURL(/#\/requests$/);

  await choose('south');
  await expect(page.getByText('0 pending requests in south.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Promotion requests' })).toBeVisible();
  await expect(page).toHaveURL(/#\/requests$/);
});
