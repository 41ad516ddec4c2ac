import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { shellChannel } from './helpers/registry-seed.ts';
import { openApp } from './projects-api.ts';

async function openConnections(page: Page, url: string): Promise<string> {
  await openApp(page, url);
  await page.keyboard.press('Alt+9');
  await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();
  const addressCell = page.getByRole('row', { name: /Local/ }).getByRole('cell').nth(1);
  await expect(addressCell).toHaveText(/^http:\/\/127\.0\.0\.1:\d+$/);
  return (await addressCell.textContent()) ?? '';
}

test('add a connection, test a wrong key in plain words, rename it and remove it', async ({ page, shell }) => {
  const localAddress = await openConnections(page, shell.url);
  await page.getByRole('button', { name: 'Add connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a connection' });
  await dialog.getByLabel('Connection name').fill('Team server');
  await dialog.getByLabel('Service address').fill('ftp://example.com');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByText('must be an http:// or https:// address')).toBeVisible();
  await expect(dialog.getByText('must not be empty')).toBeVisible();

  await dialog.getByLabel('Service address').fill(localAddress);
  const key = dialog.getByLabel('API key');
  await expect(key).toHaveAttribute('type', 'password');
  await key.fill('not-the-right-key-123');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  const result = dialog.getByRole('alert', { name: 'Test result for Team server' });
  await expect(result).toContainText('The API key was refused');
  await expect(result).toContainText('refused the API key');
  await expect(result).toContainText('Check that the key is complete and still valid.');

  await dialog.getByRole('button', { name: 'Add connection' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Team server/ });
  await expect(row).toContainText(localAddress);
  await expect(row).toContainText(/In the OS keychain|This session only/);
  await expect(page.getByText('not-the-right-key-123')).toHaveCount(0);

  await row.getByRole('button', { name: 'Test connection Team server' }).click();
  await expect(page.getByRole('alert', { name: 'Test result for Team server' })).toContainText('refused the API key');

  await row.getByRole('button', { name: 'Edit Team server' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit connection “Team server”' });
  await expect(edit.getByLabel('API key')).toHaveValue('');
  await edit.getByLabel('Connection name').fill('Staging');
  await edit.getByRole('button', { name: 'Save connection' }).click();
  await expect(edit).toBeHidden();
  const renamed = page.getByRole('row', { name: /Staging/ });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Remove Staging' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the connection “Staging”?' });
  await expect(confirm).toContainText(localAddress);
  await confirm.getByRole('button', { name: 'Remove connection' }).click();
  await expect(page.getByRole('row', { name: /Staging/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Local/ })).toBeVisible();
});

test('switching to a connection whose key is refused shows the server\'s message and keeps the app usable', async ({ page, shell }) => {
  const localAddress = await openConnections(page, shell.url);
  await page.getByRole('button', { name: 'Add connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a connection' });
  await dialog.getByLabel('Connection name').fill('Wrong key');
  await dialog.getByLabel('Service address').fill(localAddress);
  await dialog.getByLabel('API key').fill('not-the-right-key-123');
  await dialog.getByRole('button', { name: 'Add connection' }).click();
  await expect(dialog).toBeHidden();

  const switcher = page.getByRole('combobox', { name: 'Connection' });
  await switcher.click();
  await page.getByRole('option', { name: /Wrong key/ }).click();
  await expect(switcher).toHaveText('Wrong key');
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot load the workspaces of “Wrong key”' })).toBeVisible();
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();

  await switcher.click();
  await page.getByRole('option', { name: /Local/ }).click();
  await expect(page.getByRole('heading', { name: /^Projects in / })).toBeVisible();
});

test('a list of connections read before "Use" and answered after it does not bring the old connection back', async ({ page, shell }) => {
  const remote = { baseUrl: 'http://127.0.0.1:9', apiKey: 'k'.repeat(32), keyStorage: 'session' };
  await shellChannel(shell, 'profiles.create', { name: 'Team', ...remote });
  await shellChannel(shell, 'profiles.create', { name: 'Spare', ...remote });
  await openConnections(page, shell.url);

  // The slow order, forced: the list read that removing "Spare" sends is answered by the backend at once (Local still
  // in use), and reaches the page only after "Use Team" has switched.
  let releaseHeld = () => {};
  const held = new Promise<void>((resolve) => (releaseHeld = resolve));
  let readSent = () => {};
  const sent = new Promise<void>((resolve) => (readSent = resolve));
  let holding = true;
  await page.route('**/ipc/profiles.list', async (route) => {
    if (!holding) return route.continue();
    holding = false;
    const response = await route.fetch();
    readSent();
    await held;
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'Remove Spare' }).click();
  await page.getByRole('dialog', { name: 'Remove the connection “Spare”?' }).getByRole('button', { name: 'Remove connection' }).click();
  await sent;

  await page.getByRole('button', { name: 'Use Team' }).click();
  const switcher = page.getByRole('combobox', { name: 'Connection' });
  await expect(switcher).toHaveText('Team');
  releaseHeld();
  await expect(page.getByRole('row', { name: /Spare/ })).toHaveCount(0);
  await expect(switcher).toHaveText('Team');
  await expect(page.getByRole('row', { name: /Team/ }).getByRole('button', { name: 'Use Team' })).toHaveCount(0);
  const backend = await shellChannel<{ activeProfileId: string; profiles: { id: string; name: string }[] }>(shell, 'profiles.list', {});
  expect(backend.profiles.find((profile) => profile.id === backend.activeProfileId)?.name).toBe('Team');
});
