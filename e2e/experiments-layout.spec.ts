import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { callService, seedExperiments, seedProject } from './experiments-seed.ts';

const table = (page: Page) => page.getByRole('table', { name: 'Experiments' });
const METRICS = ['acc', 'f1', 'loss', 'precision', 'recall', 'val_acc', 'val_loss'];

/** Whether an element's content is cut by its box (the ellipsis of a too narrow cell). */
const cut = (page: Page, selector: string) =>
  table(page).locator(selector).evaluateAll((elements) => elements.filter((element) => element.scrollWidth > element.clientWidth).length);

test('with many summary columns the name stays pinned while scrolling sideways, and state and tags are not cut into stray glyphs', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'wide');
  const [run = ''] = await seedExperiments(shell, 'wide', ['well-named-run']);
  await callService(shell, 'addTags', { body: { experimentKey: run, addedTags: ['baseline', 'gpu-a100', 'sweep-2024-long-name', 'best'] } });
  for (const metricName of METRICS) await callService(shell, 'logMetric', { body: { experimentKey: run, metricName, metricValue: 0.5, step: 0 } });
  await callService(shell, 'stopExperiment', { query: { experimentKey: run } });
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();

  await page.getByRole('button', { name: 'Summary columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Summary columns' });
  for (const metric of METRICS) {
    await dialog.getByLabel('Add a column').click();
    await page.getByRole('option', { name: `${metric} (last)`, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Done' }).click();
  const row = table(page).locator(`[data-row-key="${run}"]`);
  await expect(row).toContainText('Finished');

  // The state and the tags fit their cells: no "✓ Finished …", no × left of a chip that cannot be seen.
  expect(await cut(page, 'td:has(> .exp-state)')).toBe(0);
  expect(await cut(page, 'td:has(> .exp-tag)')).toBe(0);
  await expect(row.locator('.exp-tag')).toHaveText(['baseline', 'gpu-a100', '+2']);

  // Scrolled to the far right, the name is still in view at the left edge.
  const scroller = page.getByLabel('Experiments table, scrollable');
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(300);
  const box = await scroller.boundingBox();
  const name = await row.getByRole('link', { name: 'well-named-run' }).boundingBox();
  expect(box && name && name.x >= box.x && name.x < box.x + 120).toBe(true);
});
