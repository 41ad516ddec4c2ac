import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openProjectForScript, type ScriptClient } from './script-client.ts';

const table = (page: Page) => page.getByRole('table', { name: 'Experiments' });
const row = (page: Page, key: string) => table(page).locator(`[data-row-key="${key}"]`);
const rowKeys = (page: Page) => table(page).locator('[data-row-key]').evaluateAll((rows) => rows.map((each) => each.getAttribute('data-row-key')));
/** The live table asks the service every second or so; summaries follow within a few seconds. */
const FOLLOWS = { timeout: 10_000 };

/** Starts a run as a script does, and logs its first values (and a keep-alive); answers its key. */
async function startRun(script: ScriptClient, experimentName: string, accuracy: number, loss: number): Promise<string> {
  const experimentKey = String((await script.ok('createExperiment', { body: { workspaceName: 'admin', projectName: 'follow', experimentName } })).experimentKey);
  await logStep(script, experimentKey, 0, accuracy, loss);
  return experimentKey;
}

/** One training step: val_acc and loss at `step`, then a keep-alive. */
async function logStep(script: ScriptClient, experimentKey: string, step: number, accuracy: number, loss: number): Promise<void> {
  await script.ok('logMetric', { body: { experimentKey, metricName: 'val_acc', metricValue: accuracy, step } });
  await script.ok('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: loss, step } });
  await script.ok('keepAlive', { query: { experimentKey } });
}

/** Adds the summary columns `val_acc (max)` and `loss (last)` through the dialog. */
async function addColumns(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Summary columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Summary columns' });
  await dialog.getByLabel('Add a column').click();
  await page.getByRole('option', { name: 'val_acc (max)' }).click();
  await dialog.getByLabel('Add a column').click();
  await page.getByRole('option', { name: 'loss (last)' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
}

test('summary cells follow a logging run and its finish without a reload, and sorting by them uses the new values', async ({ page, shell }) => {
  const { script } = await openProjectForScript(page, shell, 'follow');
  const training = await startRun(script, 'training', 0.5, 0.9);
  const baseline = await startRun(script, 'baseline', 0.7, 0.6);
  await expect(row(page, baseline)).toBeVisible(FOLLOWS);
  await addColumns(page);
  await expect(row(page, training)).toContainText('0.5', FOLLOWS);
  await expect(row(page, training)).toContainText('0.9');
  await table(page).getByRole('button', { name: 'val_acc (max)' }).click();
  await table(page).getByRole('button', { name: 'val_acc (max)' }).click();
  await expect(table(page).getByRole('columnheader', { name: 'val_acc (max)' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => rowKeys(page), FOLLOWS).toEqual([baseline, training]);

  // The run logs on: its cells and its place in the sort follow.
  await logStep(script, training, 1, 0.8647, 0.4417);
  await expect(row(page, training)).toContainText('0.8647', FOLLOWS);
  await expect(row(page, training)).toContainText('0.4417');
  await expect.poll(() => rowKeys(page), FOLLOWS).toEqual([training, baseline]);

  // Its last values, logged just before it ends, show once it finished.
  await script.ok('logMetric', { body: { experimentKey: training, metricName: 'loss', metricValue: 0.3113, step: 2 } });
  await script.ok('stopExperiment', { query: { experimentKey: training } });
  await expect(row(page, training)).toContainText('Finished', FOLLOWS);
  await expect(row(page, training)).toContainText('0.3113', FOLLOWS);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test('"Reload the experiments" fills the summary cells again, with the values logged meanwhile', async ({ page, shell }) => {
  const { script } = await openProjectForScript(page, shell, 'follow');
  const run = await startRun(script, 'done-run', 0.6, 0.5);
  await script.ok('stopExperiment', { query: { experimentKey: run } });
  await expect(row(page, run)).toContainText('Finished', FOLLOWS);
  await addColumns(page);
  await expect(row(page, run)).toContainText('0.6', FOLLOWS);

  // A value logged to the finished run (an upload from an offline copy) shows once the user reloads.
  await script.ok('logMetric', { body: { experimentKey: run, metricName: 'val_acc', metricValue: 0.75, step: 1 } });
  await page.getByRole('button', { name: 'Reload the experiments' }).click();
  await expect(row(page, run)).toContainText('0.75', FOLLOWS);
  await expect(row(page, run).locator('td[aria-busy="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
