import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { callService } from './experiments-seed.ts';
import { openProjectForScript, type ScriptClient } from './script-client.ts';

/** A sweep run as the SDK logs it: parameters lr, seed and optimizer, and a loss curve ending at `loss`; answers its key. */
async function logRun(script: ScriptClient, projectName: string, lr: number, seed: number, loss: number): Promise<string> {
  const experimentKey = [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  await script.ok('clientlibAddRun', { body: { experimentKey, projectName, teamName: 'admin', offline: false, getOrCreateEnabled: false, libVersion: '3.54.0' } });
  const parameters = { lr, seed, optimizer: 'adam' };
  await script.ok('clientlibParameterBatch', { body: { experimentKey, values: Object.entries(parameters).map(([parameterName, parameterValue]) => ({ parameterName, parameterValue })) } });
  await script.ok('clientlibMetricBatch', { body: { experimentKey, values: [2, 1, loss].map((metricValue, step) => ({ metricName: 'loss', metricValue, step })) } });
  return experimentKey;
}

/** Pearson's r, written out here so the panel's figure is checked against the logged data, not against its own code. */
function pearson(xs: readonly number[], ys: readonly number[]): number {
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [mx, my] = [mean(xs), mean(ys)];
  const dot = (a: readonly number[], ma: number, b: readonly number[], mb: number) => a.reduce((sum, value, i) => sum + (value - ma) * ((b[i] ?? 0) - mb), 0);
  return dot(xs, mx, ys, my) / Math.sqrt(dot(xs, mx, xs, mx) * dot(ys, my, ys, my));
}

/** Adds a panel of a kind from the "Add panel" menu and answers its section. */
async function addPanel(page: Page, label: string) {
  await page.getByRole('button', { name: 'Add panel' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${label}`) }).click();
  return page.getByRole('region', { name: label });
}

test('a sweep where lr sets the loss and seed is noise: importance ranks lr first with its correlation; differences of two runs list what differs first', async ({ page, shell }) => {
  const { script } = await openProjectForScript(page, shell, 'insight');
  const sweep = [
    { lr: 0.001, seed: 4 },
    { lr: 0.002, seed: 9 },
    { lr: 0.004, seed: 1 },
    { lr: 0.008, seed: 7 },
    { lr: 0.016, seed: 3 },
    { lr: 0.032, seed: 10 },
    { lr: 0.064, seed: 2 },
    { lr: 0.128, seed: 8 },
    { lr: 0.256, seed: 5 },
    { lr: 0.512, seed: 6 },
  ].map((run) => ({ ...run, loss: 0.1 + run.lr }));
  const keys: string[] = [];
  for (const run of sweep) keys.push(await logRun(script, 'insight', run.lr, run.seed, run.loss));
  const names = await Promise.all(keys.map(async (experimentKey) => (await callService(shell, 'getExperimentMetadata', { query: { experimentKey } })).experimentName ?? ''));

  await page.getByRole('link', { name: 'Analysis' }).or(page.getByRole('button', { name: 'Analysis' })).first().click();
  await expect(page.getByRole('heading', { name: /^Analysis of insight/ })).toBeVisible();

  // Importance of the parameters for the last loss: lr first, positively correlated; seed below it; caveats with counts.
  const importance = await addPanel(page, 'Parameter importance');
  await importance.getByLabel('Metric').click();
  await page.getByRole('option', { name: 'loss', exact: true }).click();
  await expect(importance.getByTestId('importance-panel')).toHaveAttribute('data-state', 'ready');
  const scores = importance.getByRole('table', { name: 'Parameter importance for loss (last)' });
  const rows = scores.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const read = (row: number) =>
    rows.nth(row).evaluate((element) => ({
      parameter: element.getAttribute('data-parameter'),
      importance: Number(element.getAttribute('data-importance')),
      correlation: Number(element.getAttribute('data-correlation')),
    }));
  const [lr, seed] = [await read(0), await read(1)];
  expect(lr.parameter).toBe('lr');
  expect(seed.parameter).toBe('seed');
  expect(lr.importance).toBeGreaterThan(seed.importance);
  expect(lr.importance + seed.importance).toBeCloseTo(1, 6);
  const losses = sweep.map((run) => run.loss);
  expect(lr.correlation).toBeCloseTo(pearson(sweep.map((run) => run.lr), losses), 6);
  expect(lr.correlation).toBeGreaterThan(0.9);
  expect(seed.correlation).toBeCloseTo(pearson(sweep.map((run) => run.seed), losses), 6);
  await expect(rows.nth(0).getByRole('cell').nth(2)).toHaveText(pearson(sweep.map((run) => run.lr), losses).toFixed(2));
  const caveats = importance.getByLabel('Caveats');
  await expect(caveats).toContainText('Scored over 10 runs with a value of loss (last); 0 runs without one left out.');
  await expect(caveats).toContainText('Only 10 runs: the scores are rough.');
  await expect(caveats).toContainText('Left out: optimizer (the same in every run).');
  await expect(caveats).toContainText('association, not cause');

  // Differences: two runs picked side by side, the differing rows first with the logged values, the equal one collapsed.
  const differences = await addPanel(page, 'Differences');
  await expect(differences.getByText('No run selected: showing the first 5 runs that pass them.')).toBeVisible();
  const picker = differences.getByLabel('Runs to compare');
  for (const run of [2, 7]) {
    await picker.click();
    await page.getByRole('option', { name: names[run], exact: true }).click();
  }
  await page.keyboard.press('Escape');
  const table = differences.getByRole('table', { name: 'Differences' });
  const texts = async () => (await table.getByRole('row').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  const [third, eighth] = [sweep[2], sweep[7]];
  await expect.poll(texts).toEqual([
    `Parameter or metric ${names[2]} ${names[7]}`,
    `lr ${third?.lr} ${eighth?.lr}`,
    `seed ${third?.seed} ${eighth?.seed}`,
    `loss (last) ${third?.loss} ${eighth?.loss}`,
    '1 equal',
  ]);
  await expect(table.getByRole('row').filter({ hasText: 'lr' })).toHaveAttribute('data-differs', 'true');
  await expect(table.getByRole('columnheader', { name: names[2] })).toHaveAttribute('title', keys[2] ?? '');
  await table.getByRole('button', { name: '1 equal' }).click();
  await expect.poll(texts).toContain('optimizer adam adam');
  await table.getByRole('link', { name: names[7] }).click();
  await expect(page.getByRole('heading', { name: names[7] })).toBeVisible();
});
