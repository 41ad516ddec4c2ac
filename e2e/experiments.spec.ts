import type { Page } from '@playwright/test';
import { expect, test, type ShellUnderTest } from './fixtures.ts';
import { callService, seedExperiments, seedProject } from './experiments-seed.ts';

/** Opens the app (the page keeps the token for its tab), then a project's experiments, and waits for its table. */
async function openProject(page: Page, shell: ShellUnderTest, projectId: string): Promise<void> {
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Experiments' });
const names = (page: Page) => table(page).locator('[data-row-key] td:nth-child(2)');
const bulkBar = (page: Page) => page.getByRole('toolbar', { name: 'Actions on the selected experiments' });
const report = (page: Page) => page.getByLabel('Result of the last action');

test('creates experiments from the table (E2), named and unnamed', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'vision');
  await openProject(page, shell, projectId);
  await expect(page.getByText('No experiments in the chosen states yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New experiment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New experiment in “vision”' });
  await dialog.getByLabel('Experiment name (optional)').fill('resnet-50');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(table(page).getByRole('link', { name: 'resnet-50' })).toBeVisible();

  await page.keyboard.press('n');
  await page.getByRole('dialog', { name: 'New experiment in “vision”' }).getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('experiment-count')).toHaveText('Showing 2 experiments of 2');
  const unnamed = table(page).locator('[data-row-key]').filter({ hasNotText: 'resnet-50' });
  // The service names a run created without a name: two words and its number in the project.
  await expect(unnamed.getByRole('link', { name: /^[a-z]+-[a-z]+-2$/ })).toBeVisible();
  await expect(unnamed.getByText('Running')).toBeVisible();
});

test('archives with a confirmation, undoes it, and restores from the archived view (E4, E8)', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'vision');
  await seedExperiments(shell, 'vision', ['run-1', 'run-2', 'run-3']);
  await openProject(page, shell, projectId);

  await page.getByRole('checkbox', { name: 'Select run-3' }).click();
  await page.getByRole('checkbox', { name: 'Select run-2' }).click({ modifiers: ['Shift'] });
  await expect(bulkBar(page)).toContainText('2 experiments selected');
  await bulkBar(page).getByRole('button', { name: 'Archive' }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive 2 experiments?' });
  await expect(confirm).toContainText('“run-3” and “run-2”');
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(report(page)).toContainText('Archived 2 experiments.');
  await expect(names(page)).toHaveText(['run-1']);

  await report(page).getByRole('button', { name: 'Undo' }).click();
  await expect(report(page)).toContainText('Undone for 2 experiments.');
  await expect(names(page)).toHaveText(['run-3', 'run-2', 'run-1']);

  await page.getByRole('checkbox', { name: 'Select run-1' }).click();
  await bulkBar(page).getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog', { name: 'Archive 1 experiment?' }).getByRole('button', { name: 'Archive' }).click();
  await expect(names(page)).toHaveText(['run-3', 'run-2']);
  await page.getByRole('button', { name: 'Show archived experiments' }).click();
  await page.getByRole('button', { name: 'Show running experiments' }).click();
  await page.getByRole('button', { name: 'Show finished experiments' }).click();
  await expect(names(page)).toHaveText(['run-1']);
  await expect(table(page).getByText('Archived')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all 1 shown experiments' }).click();
  await bulkBar(page).getByRole('button', { name: 'Restore' }).click();
  await expect(report(page)).toContainText('Restored 1 experiment.');
  await expect(names(page)).toHaveText([]);
  const metadata = await callService(shell, 'listExperiments', { query: { projectId } });
  expect(metadata.experiments.map((experiment) => experiment.experimentName).sort()).toEqual(['run-1', 'run-2', 'run-3']);
});

test('deletes to the trash and restores from it (E7, E8)', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'vision');
  await seedExperiments(shell, 'vision', ['keep', 'drop-1', 'drop-2']);
  await openProject(page, shell, projectId);

  await page.getByRole('combobox', { name: 'Filter experiments' }).fill('drop');
  await expect(names(page)).toHaveText(['drop-2', 'drop-1']);
  await page.getByRole('checkbox', { name: 'Select all 2 shown experiments' }).click();
  await bulkBar(page).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 experiments?' });
  await expect(confirm).toContainText('“drop-2” and “drop-1”. They go to the trash');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(report(page)).toContainText('Moved 2 experiments to the trash.');
  await expect(names(page)).toHaveText([]);

  await page.getByRole('button', { name: 'Show in trash experiments' }).click();
  await expect(names(page)).toHaveText(['drop-2', 'drop-1']);
  await expect(table(page).getByText('In trash')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select drop-1' }).click();
  await bulkBar(page).getByRole('button', { name: 'Restore' }).click();
  await expect(report(page)).toContainText('Restored 1 experiment.');
  await page.getByRole('button', { name: 'Show in trash experiments' }).click();
  await page.getByRole('combobox', { name: 'Filter experiments' }).fill('');
  await expect(names(page)).toHaveText(['drop-1', 'keep']);
  const trash = await callService(shell, 'listTrashedExperiments', { query: { workspaceName: 'admin' } });
  expect(trash.experiments.map((experiment) => experiment.experimentName)).toEqual(['drop-2']);
});

test('reports what failed and why when the service refuses some of a bulk action', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'vision');
  const [, goneKey = ''] = await seedExperiments(shell, 'vision', ['still-here', 'gone-meanwhile']);
  await openProject(page, shell, projectId);
  await page.getByRole('checkbox', { name: 'Select all 2 shown experiments' }).click();
  await bulkBar(page).getByRole('button', { name: 'Archive' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Archive 2 experiments?' });
  await expect(confirmation).toBeVisible();
  // Trashed while the confirmation is open: the live table drops the row, but the action confirmed covers both.
  await callService(shell, 'deleteExperiment', { query: { experimentKey: goneKey } });
  await confirmation.getByRole('button', { name: 'Archive' }).click();
  await expect(report(page)).toContainText('Archived 1 of 2 experiments; 1 failed.');
  await expect(report(page).getByRole('list', { name: 'Failures' })).toHaveText(`gone-meanwhile: Experiment "${goneKey}" is in the trash; restore it first.`);
  await expect(report(page).getByRole('button', { name: 'Undo' })).toBeVisible();
});

test('adds a metric summary column in one step, loaded for the rows on screen', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'vision');
  const [first = '', second = ''] = await seedExperiments(shell, 'vision', ['first', 'second']);
  for (const [experimentKey, values] of [[first, [0.9, 0.4, 0.6]], [second, [0.8, 0.7]]] as const) {
    for (const [step, metricValue] of values.entries()) await callService(shell, 'logMetric', { body: { experimentKey, metricName: 'loss', metricValue, step } });
  }
  await callService(shell, 'logParameter', { body: { experimentKey: first, parameterName: 'optimizer', parameterValue: 'adam' } });
  await openProject(page, shell, projectId);

  await page.getByRole('button', { name: 'Summary columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Summary columns' });
  await dialog.getByLabel('Add a column').click();
  await page.getByRole('option', { name: 'loss (min)' }).click();
  await dialog.getByLabel('Add a column').click();
  await page.getByRole('option', { name: 'optimizer', exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'Chosen columns' })).toContainText('loss (min)');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(table(page).getByRole('columnheader', { name: 'loss (min)' })).toBeVisible();
  const row = (key: string) => table(page).locator(`[data-row-key="${key}"]`);
  await expect(row(first)).toContainText('0.4');
  await expect(row(first)).toContainText('adam');
  await expect(row(second)).toContainText('0.7');
  await expect(row(second).locator('td').nth(8)).toHaveText('—');
});
