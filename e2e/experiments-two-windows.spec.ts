import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { callService, seedExperiments, seedProject } from './experiments-seed.ts';

const table = (page: Page) => page.getByRole('table', { name: 'Experiments' });

/** Opens the app and then project `projectId` in `page`. */
async function openProject(page: Page, url: string, origin: string, projectId: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await page.goto(`${origin}/#/projects/${projectId}`);
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();
}

test("a project's columns and sort chosen in one window show in a second one open meanwhile, and its later changes do not undo them", async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'shared-view');
  const [run = ''] = await seedExperiments(shell, 'shared-view', ['only-run']);
  await callService(shell, 'logMetric', { body: { experimentKey: run, metricName: 'loss', metricValue: 0.25, step: 0 } });
  await openProject(page, shell.url, shell.origin, projectId);
  const second = await page.context().newPage();
  await openProject(second, shell.url, shell.origin, projectId);

  // The first window adds a column and sorts by it; the second, open all along, shows both without a reload.
  await page.getByRole('button', { name: 'Summary columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Summary columns' });
  await dialog.getByLabel('Add a column').click();
  await page.getByRole('option', { name: 'loss (min)', exact: true }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await table(page).getByRole('button', { name: 'loss (min)' }).click();
  await expect(table(second).getByRole('columnheader', { name: 'loss (min)' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table(second).locator(`[data-row-key="${run}"]`)).toContainText('0.25');

  // A change in the second window (it collapses the navigation) keeps the first window's columns and sort.
  await second.getByRole('button', { name: 'Collapse navigation' }).click();
  await page.reload();
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'loss (min)' })).toHaveAttribute('aria-sort', 'ascending');
});
