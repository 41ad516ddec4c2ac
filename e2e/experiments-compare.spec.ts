import { expect, test } from './fixtures.ts';
import { callService, seedExperiments, seedProject } from './experiments-seed.ts';

test('compares the metrics of selected experiments: one line per experiment and their last values', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'compare');
  const [small = '', large = '', other = ''] = await seedExperiments(shell, 'compare', ['vit-small', 'vit-large', 'no-metrics']);
  for (let step = 0; step < 10; step += 1) {
    await callService(shell, 'logMetric', { body: { experimentKey: small, metricName: 'loss', metricValue: 1 / (step + 1), step } });
    await callService(shell, 'logMetric', { body: { experimentKey: large, metricName: 'loss', metricValue: 0.5 / (step + 1), step } });
  }
  await callService(shell, 'logMetric', { body: { experimentKey: large, metricName: 'accuracy', metricValue: 0.912345678, step: 9 } });
  expect(other).not.toBe('');

  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();
  const bar = page.getByRole('toolbar', { name: 'Actions on the selected experiments' });
  await page.getByRole('checkbox', { name: 'Select vit-small', exact: true }).click();
  await expect(bar.getByRole('button', { name: 'Compare metrics…' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select vit-large', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Select no-metrics', exact: true }).click();
  await bar.getByRole('button', { name: 'Compare metrics…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Compare 3 experiments' });
  await expect(dialog.getByRole('img', { name: 'Chart of loss by step' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Chart of accuracy by step' })).toBeVisible();
  const lossLegend = dialog.getByLabel('Legend').first();
  await expect(lossLegend).toContainText('vit-small (10 points)');
  await expect(lossLegend).toContainText('vit-large (10 points)');
  await expect(lossLegend).not.toContainText('no-metrics');
  const values = dialog.getByRole('table', { name: 'Last values' });
  const rowTexts = async () => (await values.getByRole('row').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()).sort();
  await expect.poll(rowTexts).toEqual(['Experiment loss accuracy', 'no-metrics — —', 'vit-large 0.05 0.912346', 'vit-small 0.1 —']);
  await expect(values.getByRole('cell', { name: '0.912346' })).toHaveAttribute('title', '0.912345678');

  await dialog.getByRole('button', { name: 'By time' }).click();
  await expect(dialog.getByRole('img', { name: 'Chart of loss by time' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(bar).toContainText('3 experiments selected');
});
