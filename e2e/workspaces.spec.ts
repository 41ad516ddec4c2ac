import { expect, test } from './fixtures.ts';
import { openApp } from './projects-api.ts';

test('create a workspace from the picker: it is selected, and a taken name gets the server\'s message', async ({ page, shell }) => {
  const first = await openApp(page, shell.url);
  const picker = page.getByRole('combobox', { name: 'Workspace' });
  await picker.click();
  await page.getByRole('option', { name: 'New workspace…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  await dialog.getByLabel('Workspace name').fill(first);
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog.getByText(`Could not create the workspace: A workspace named "${first}" already exists.`)).toBeVisible();
  await expect(dialog.getByLabel('Workspace name')).toHaveValue(first);
  await dialog.getByLabel('Workspace name').fill('vision-team');
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Workspace "vision-team" created.' })).toBeVisible();
  await expect(picker).toHaveText('vision-team');
  await expect(page.getByRole('heading', { name: 'Projects in vision-team' })).toBeVisible();
  await expect(page.getByText('vision-team has no projects yet.')).toBeVisible();

  await picker.click();
  await page.getByRole('option', { name: first, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Projects in ${first}` })).toBeVisible();
});

test('create a workspace from the Connections screen', async ({ page, shell }) => {
  await openApp(page, shell.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections' }).click();
  const workspaces = page.getByRole('list', { name: 'Workspaces' });
  await page.getByRole('button', { name: 'New workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog.getByText('must not be empty')).toBeVisible();
  await dialog.getByLabel('Workspace name').fill('nlp');
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog).toBeHidden();
  await expect(workspaces.getByRole('listitem').filter({ hasText: 'nlp' })).toContainText('Selected');
});
