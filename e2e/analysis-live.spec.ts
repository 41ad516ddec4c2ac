import { expect, test } from './fixtures.ts';
import { openProjectForScript, type ScriptClient } from './script-client.ts';

/** Logs a run as the SDK does (handshake, a parameter batch, a metric batch); answers its key. */
async function logRun(script: ScriptClient, lr: number, acc: number): Promise<string> {
  const experimentKey = [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  await script.ok('clientlibAddRun', { body: { experimentKey, projectName: 'live', teamName: 'admin', offline: false, getOrCreateEnabled: false, libVersion: '3.54.0' } });
  await script.ok('clientlibParameterBatch', { body: { experimentKey, values: [{ parameterName: 'lr', parameterValue: lr }, { parameterName: 'batch', parameterValue: 32 }] } });
  await script.ok('clientlibMetricBatch', { body: { experimentKey, values: [{ metricName: 'acc', metricValue: acc, step: 0 }] } });
  return experimentKey;
}

test('open panels follow the runs: a run logged while the view is open appears, a trashed one goes, a logging run moves', async ({ page, shell }) => {
  const { script } = await openProjectForScript(page, shell, 'live');
  const first = await logRun(script, 0.1, 0.5);
  await logRun(script, 0.2, 0.6);

  await page.getByRole('link', { name: 'Analysis' }).click();
  await page.getByRole('button', { name: 'Add panel' }).click();
  await page.getByRole('menuitem', { name: /Scatter/ }).click();
  const scatter = page.getByRole('region', { name: 'Scatter' });
  const plot = scatter.getByTestId('scatter-plot');
  await expect(plot).toHaveAttribute('data-points', '2');
  await scatter.getByLabel('Show as table').check();
  const table = scatter.getByRole('table', { name: 'Points of the scatter' });

  // The panels re-read what changed every few seconds: a new run, then a run trashed.
  const third = await logRun(script, 0.3, 0.7);
  await expect(plot).toHaveAttribute('data-points', '3', { timeout: 15_000 });
  await expect(table.locator(`tr[data-run-key="${third}"]`)).toContainText('0.7');
  await script.ok('deleteExperiment', { query: { experimentKey: first } });
  await expect(plot).toHaveAttribute('data-points', '2', { timeout: 15_000 });
  await expect(table.locator(`tr[data-run-key="${first}"]`)).toHaveCount(0);

  // A run that keeps logging: its newest value is drawn.
  await script.ok('keepAlive', { query: { experimentKey: third } });
  await script.ok('clientlibMetricBatch', { body: { experimentKey: third, values: [{ metricName: 'acc', metricValue: 0.95, step: 1 }] } });
  await expect(table.locator(`tr[data-run-key="${third}"]`)).toContainText('0.95', { timeout: 15_000 });
  await expect(plot).toHaveAttribute('data-points', '2');
});
