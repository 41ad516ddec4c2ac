import { expect, test } from './fixtures.ts';
import { callThroughApp, openApp } from './projects-api.ts';

test('create a project, see the server refuse a duplicate, then edit it', async ({ page, shell }) => {
  const workspace = await openApp(page, shell.url);
  await page.getByRole('button', { name: 'New project' }).click();
  const create = page.getByRole('dialog', { name: `New project in ${workspace}` });
  await create.getByRole('button', { name: 'Create project' }).click();
  await expect(create.getByText('must not be empty')).toBeVisible();
  await create.getByLabel('Project name').fill('mnist');
  await create.getByLabel('Description').fill('Digits, again');
  await create.getByRole('radio', { name: 'Public' }).check();
  await create.getByRole('button', { name: 'Create project' }).click();
  await expect(create).toBeHidden();
  const row = page.getByRole('row', { name: /mnist/ });
  await expect(row).toContainText('Digits, again');
  await expect(row).toContainText('Public');
  await expect(row.getByRole('cell').nth(3)).toHaveText('0');

  await page.getByRole('button', { name: 'New project' }).click();
  await create.getByLabel('Project name').fill('mnist');
  await create.getByRole('button', { name: 'Create project' }).click();
  await expect(create.getByText(`Could not create the project: A project named "mnist" already exists in workspace "${workspace}".`)).toBeVisible();
  await expect(create.getByLabel('Project name')).toHaveValue('mnist');
  await create.getByLabel('Project name').fill('cifar');
  await create.getByRole('button', { name: 'Create project' }).click();
  await expect(create).toBeHidden();

  await page.getByRole('button', { name: 'Actions for mnist' }).click();
  await page.getByRole('menuitem', { name: 'Edit project…' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit project “mnist”' });
  await edit.getByLabel('Project name').fill('cifar');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText(`Could not save the project: A project named "cifar" already exists in workspace "${workspace}".`)).toBeVisible();
  await edit.getByLabel('Project name').fill('mnist-v2');
  await edit.getByLabel('Description').fill('Digits, better');
  await edit.getByRole('radio', { name: 'Private' }).check();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  const renamed = page.getByRole('row', { name: /mnist-v2/ });
  await expect(renamed).toContainText('Digits, better');
  await expect(renamed).toContainText('Private');
  await expect(page.getByRole('row', { name: /^mnist / })).toHaveCount(0);
});

test('project notes are saved, survive reopening, and unsaved text is not dropped silently', async ({ page, shell }) => {
  const workspace = await openApp(page, shell.url);
  await callThroughApp(page, 'createProject', { body: { workspaceName: workspace, projectName: 'notes-demo', projectDescription: '', isPublic: false } });
  await page.reload();
  await page.getByRole('link', { name: 'notes-demo' }).click();
  await page.getByRole('button', { name: 'Notes', exact: true }).click();
  const notes = page.getByRole('dialog', { name: 'Notes of “notes-demo”' });
  const editor = notes.getByLabel('Notes', { exact: true });
  await expect(notes.getByRole('status', { name: 'Save state' })).toHaveText('All changes saved');
  await editor.fill('First line\nSecond line');
  await expect(notes.getByRole('status', { name: 'Save state' })).toHaveText('Unsaved changes');
  await notes.getByRole('button', { name: 'Close' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard unsaved notes?' });
  await expect(discard).toContainText('notes-demo');
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toHaveValue('First line\nSecond line');
  await editor.press('Control+s');
  await expect(notes.getByRole('status', { name: 'Save state' })).toHaveText('All changes saved');
  await notes.getByRole('button', { name: 'Close' }).click();
  await expect(notes).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: 'Notes', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Notes of “notes-demo”' }).getByLabel('Notes', { exact: true })).toHaveValue('First line\nSecond line');
});

test('a notes save the server refuses keeps the text and shows the server\'s message', async ({ page, shell }) => {
  const workspace = await openApp(page, shell.url);
  await callThroughApp(page, 'createProject', { body: { workspaceName: workspace, projectName: 'vanishing', projectDescription: '', isPublic: false } });
  await page.reload();
  await page.getByRole('button', { name: 'Actions for vanishing' }).click();
  await page.getByRole('menuitem', { name: 'Notes…' }).click();
  const notes = page.getByRole('dialog', { name: 'Notes of “vanishing”' });
  await notes.getByLabel('Notes', { exact: true }).fill('Precious words');
  await callThroughApp(page, 'deleteProject', { body: { workspaceName: workspace, projectName: 'vanishing', deleteAllExperiments: true } });
  await notes.getByRole('button', { name: 'Save notes' }).click();
  await expect(notes.getByRole('alert').filter({ hasText: /^Could not save the notes: No project with projectId/ })).toBeVisible();
  await expect(notes.getByRole('status', { name: 'Save state' })).toHaveText('Not saved');
  await expect(notes.getByLabel('Notes', { exact: true })).toHaveValue('Precious words');
});

test('share links are created, copied and revoked', async ({ page, shell, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shell.origin });
  const workspace = await openApp(page, shell.url);
  await callThroughApp(page, 'createProject', { body: { workspaceName: workspace, projectName: 'shared', projectDescription: '', isPublic: false } });
  await page.reload();
  await page.getByRole('button', { name: 'Actions for shared' }).click();
  await page.getByRole('menuitem', { name: 'Share links…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share links of “shared”' });
  await expect(dialog.getByText('This project has no share links.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create share link' }).click();
  const links = dialog.getByRole('list', { name: 'Share links' }).getByRole('listitem');
  await expect(links).toHaveCount(1);
  const link = (await links.first().getByText(/^http/).textContent()) ?? '';
  const shareCode = new URL(link).searchParams.get('shareable') ?? '';
  expect(shareCode).not.toBe('');

  await dialog.getByRole('button', { name: `Copy share link ${shareCode}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Share link copied to the clipboard.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await dialog.getByRole('button', { name: `Revoke share link ${shareCode}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this share link?' });
  await expect(confirm).toContainText('“shared”');
  await confirm.getByRole('button', { name: 'Revoke link' }).click();
  await expect(dialog.getByText('This project has no share links.')).toBeVisible();
  const projectId = (await callThroughApp<{ projectId: string }>(page, 'getProject', { query: { workspaceName: workspace, projectName: 'shared' } })).projectId;
  expect(await callThroughApp(page, 'getProjectShareLinks', { query: { projectId } })).toEqual({ shareCodes: [] });
});

test('Escape asks before a typed form is thrown away, keeps the text on Cancel, and closes on Discard', async ({ page, shell }) => {
  const workspace = await openApp(page, shell.url);
  await page.getByRole('button', { name: 'New project' }).click();
  const create = page.getByRole('dialog', { name: `New project in ${workspace}` });
  await create.getByLabel('Project name').fill('half-typed');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard what you entered?' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(create.getByLabel('Project name')).toHaveValue('half-typed');
  await page.keyboard.press('Escape');
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByRole('link', { name: 'half-typed' })).toHaveCount(0);
});
