import type { Page } from '@playwright/test';
import { expect, test, type ShellUnderTest } from './fixtures.ts';
import { callService, seedExperiments, seedProject } from './experiments-seed.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

/** Opens a project's experiments in the app and waits for its table. */
async function openProject(page: Page, shell: ShellUnderTest, projectId: string, first = true): Promise<void> {
  if (first) {
    await page.goto(shell.url);
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  }
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Experiments' });
const names = (page: Page) => table(page).getByRole('link');
const bulkBar = (page: Page) => page.getByRole('toolbar', { name: 'Actions on the selected experiments' });
const report = (page: Page) => page.getByLabel('Result of the last action');
const row = (page: Page, name: string) => table(page).locator('[data-row-key]').filter({ has: page.getByRole('link', { name, exact: true }) });

test('moves the selection in one request and moves it back with Undo; symlinks show in both projects (E5, E6)', async ({ page, shell }) => {
  const source = await seedProject(shell, 'source');
  const target = await seedProject(shell, 'target');
  await seedProject(shell, 'elsewhere');
  await seedExperiments(shell, 'source', ['a', 'b', 'c']);
  await openProject(page, shell, source);

  const writes: { endpoint: string; body?: unknown }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/ipc/api.call')) writes.push(request.postDataJSON() as { endpoint: string });
  });
  const calls = (endpoint: string) => writes.filter((call) => call.endpoint === endpoint);
  await page.getByRole('checkbox', { name: 'Select a', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Select b', exact: true }).click();
  await bulkBar(page).getByRole('button', { name: 'Move…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move 2 experiments' });
  await dialog.getByLabel('Target project').fill('tar');
  await page.getByRole('option', { name: 'target' }).click();
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(report(page)).toContainText('Moved 2 experiments to “target”.');
  await expect(names(page)).toHaveText(['c']);
  expect(calls('moveExperiments')).toHaveLength(1);
  expect(calls('moveExperiments')[0]?.body).toMatchObject({ targetWorkspaceName: LOCAL_WORKSPACE, targetProjectName: 'target', symlink: false });
  expect((calls('moveExperiments')[0]?.body as { experimentKeys: string[] }).experimentKeys).toHaveLength(2);

  await report(page).getByRole('button', { name: 'Undo' }).click();
  await expect(names(page)).toHaveText(['c', 'b', 'a']);

  await page.getByRole('checkbox', { name: 'Select c', exact: true }).click();
  await bulkBar(page).getByRole('button', { name: 'Symlink…' }).click();
  const symlink = page.getByRole('dialog', { name: 'Symlink 1 experiment' });
  await symlink.getByLabel('Target project').click();
  await expect(page.getByRole('option')).toHaveText(['elsewhere', 'target']);
  await page.getByRole('option', { name: 'target' }).click();
  await symlink.getByRole('button', { name: 'Symlink', exact: true }).click();
  await expect(report(page)).toContainText('Symlinked 1 experiment into “target”.');
  await expect(report(page).getByRole('button', { name: 'Undo' })).toHaveCount(0);
  expect(calls('symlinkExperiment')).toHaveLength(1);
  await expect(names(page)).toHaveText(['c', 'b', 'a']);

  await openProject(page, shell, target, false);
  await expect(names(page)).toHaveText(['c']);
  await expect(row(page, 'c').getByRole('img', { name: 'Symlinked' })).toBeVisible();
});

test('renames an experiment and sets its times, explaining the service’s rules (E27, E10)', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'vision');
  const [key = ''] = await seedExperiments(shell, 'vision', ['old-name']);
  await openProject(page, shell, projectId);

  await page.getByRole('button', { name: 'Actions for old-name' }).click();
  await page.getByRole('menuitem', { name: 'Rename…' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename experiment' });
  await rename.getByLabel('Experiment name').fill('   ');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename.getByText('The name must not be empty.')).toBeVisible();
  await rename.getByLabel('Experiment name').fill('new-name');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(table(page).getByRole('link', { name: 'new-name' })).toBeVisible();
  expect((await callService(shell, 'getExperimentMetadata', { query: { experimentKey: key } })).experimentName).toBe('new-name');

  await page.getByRole('button', { name: 'Actions for new-name' }).click();
  await page.getByRole('menuitem', { name: 'Set start and end time…' }).click();
  const times = page.getByRole('dialog', { name: 'Set start and end time of “new-name”' });
  await expect(times).toContainText('Only an end time: the start time becomes the end time minus 1 second');
  await expect(times).toContainText('Only a start time: the end time becomes the start time plus 1 second');
  await times.getByRole('button', { name: 'Save times' }).click();
  await expect(times.getByText('Give a start time, an end time, or both.')).toBeVisible();
  await times.getByLabel('Start time').fill('2024-03-01T10:00:00');
  await times.getByLabel('End time').fill('2024-03-01T09:00:00');
  await times.getByRole('button', { name: 'Save times' }).click();
  await expect(times.getByText('The end time must not be before the start time.')).toBeVisible();
  await times.getByLabel('End time').fill('');
  await times.getByRole('button', { name: 'Save times' }).click();
  await expect(times).toBeHidden();
  // The table writes times in the browser's locale, as every other screen does.
  const shownStart = await page.evaluate(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date('2024-03-01T10:00:00')));
  expect(shownStart).toContain('2024');
  await expect(row(page, 'new-name')).toContainText(shownStart);
  const saved = await callService(shell, 'getExperimentMetadata', { query: { experimentKey: key } });
  expect(saved.endTimeMillis - saved.startTimeMillis).toBe(1000);
});

test('adds tags to the selection (E37) and filters by tag', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'vision');
  await seedExperiments(shell, 'vision', ['x1', 'x2', 'y1']);
  await openProject(page, shell, projectId);

  await page.getByRole('combobox', { name: 'Filter experiments' }).fill('x');
  await page.getByRole('checkbox', { name: 'Select all 2 shown experiments' }).click();
  await bulkBar(page).getByRole('button', { name: 'Add tags…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add tags' });
  await expect(dialog).toContainText('“x2” and “x1”');
  await dialog.getByLabel('Tags').fill('gpu');
  await dialog.getByLabel('Tags').press('Enter');
  await dialog.getByLabel('Tags').fill('sweep');
  await dialog.getByRole('button', { name: 'Add tags' }).click();
  await expect(report(page)).toContainText('Tagged 2 experiments.');
  await expect(row(page, 'x1')).toContainText('gpusweep');

  await page.getByRole('combobox', { name: 'Filter experiments' }).fill('');
  await page.getByLabel('Filter by tags').click();
  await page.getByRole('option', { name: 'gpu (2)' }).click();
  await expect(names(page)).toHaveText(['x2', 'x1']);
  await page.getByRole('combobox', { name: 'Filter experiments' }).fill('sweep x2');
  await expect(names(page)).toHaveText(['x2']);
});

test('a move the service refuses shows its message and moves nothing', async ({ page, shell }) => {
  const source = await seedProject(shell, 'source');
  await seedProject(shell, 'target');
  await seedExperiments(shell, 'source', ['fine', 'also-fine']);
  await openProject(page, shell, source);
  await page.getByRole('checkbox', { name: 'Select all 2 shown experiments' }).click();
  await bulkBar(page).getByRole('button', { name: 'Move…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move 2 experiments' });
  await dialog.getByLabel('Target project').click();
  await page.getByRole('option', { name: 'target' }).click();
  // Someone deletes the target meanwhile: the service refuses the move.
  await callService(shell, 'deleteProject', { body: { workspaceName: 'admin', projectName: 'target', deleteAllExperiments: true } });
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(report(page)).toContainText('Moved 0 of 2 experiments to “target”; 2 failed.');
  await expect(report(page)).toContainText(`No project named "target" in workspace "${LOCAL_WORKSPACE}".`);
  const inSource = await callService(shell, 'listExperiments', { query: { projectId: source } });
  expect(inSource.experiments.map((experiment) => experiment.experimentName).sort()).toEqual(['also-fine', 'fine']);
});
