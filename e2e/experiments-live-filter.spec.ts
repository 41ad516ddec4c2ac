import { expect, test } from './fixtures.ts';
import { seedExperiments, seedProject } from './experiments-seed.ts';
import { ScriptClient, scriptSettingsFromApp } from './script-client.ts';

/** Within this long of the data arriving, the open table must show it (the issue asks 2 s; the rest is test slack). */
const SHOWN_WITHIN = { timeout: 2_500 };
/** Slower than the table's live reads (one a second), so changes land between keystrokes. */
const KEY_DELAY_MS = 400;

test('typing in the filter while runs log keeps every typed key and filters the live rows too', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'live');
  await seedExperiments(shell, 'live', ['alpha-1', 'beta-1', 'alpha-2', 'beta-2']);
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  const script = new ScriptClient(await scriptSettingsFromApp(shell));
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();
  const names = page.getByRole('table', { name: 'Experiments' }).locator('[data-row-key] td:nth-child(2)');
  await expect(names).toHaveText(['beta-2', 'alpha-2', 'beta-1', 'alpha-1']);

  // A run logs all along, so the table's live reads bring changes while the filter is typed.
  const runKey = String((await script.ok('createExperiment', { body: { workspaceName: 'admin', projectName: 'live', experimentName: 'alpha-run' } })).experimentKey);
  let logging = true;
  const logs = (async () => {
    for (let step = 0; logging; step += 1) {
      await script.ok('logMetric', { body: { experimentKey: runKey, metricName: 'loss', metricValue: 1 / (step + 1), step } });
      await script.ok('keepAlive', { query: { experimentKey: runKey } });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const filter = page.getByRole('combobox', { name: 'Filter experiments' });
    await filter.click();
    await filter.pressSequentially('al', { delay: KEY_DELAY_MS });
    // Changes arrive while typing: one row the filter will keep, one it will hide.
    await script.ok('createExperiment', { body: { workspaceName: 'admin', projectName: 'live', experimentName: 'alpha-new' } });
    await script.ok('createExperiment', { body: { workspaceName: 'admin', projectName: 'live', experimentName: 'beta-new' } });
    await filter.pressSequentially('pha', { delay: KEY_DELAY_MS });
    await expect(filter).toHaveValue('alpha');
    await expect(page.getByLabel('Experiments table, scrollable')).toHaveAttribute('data-filter', 'alpha');
    await expect(names).toHaveText(['alpha-new', 'alpha-run', 'alpha-2', 'alpha-1'], SHOWN_WITHIN);
    await expect(page.locator('[data-row-key]').filter({ hasText: 'alpha-run' })).toContainText('Running');

    // Erasing while the run logs on widens the filter again, with the rows that arrived meanwhile.
    await filter.press('Backspace');
    await filter.press('Backspace');
    await filter.press('Backspace');
    await filter.press('Backspace');
    await expect(filter).toHaveValue('a');
    await expect(names).toHaveText(['beta-new', 'alpha-new', 'alpha-run', 'beta-2', 'alpha-2', 'beta-1', 'alpha-1'], SHOWN_WITHIN);
    await expect(page.getByTestId('experiment-count')).toHaveText('Showing 7 experiments of 7');
  } finally {
    logging = false;
    await logs;
  }
});
