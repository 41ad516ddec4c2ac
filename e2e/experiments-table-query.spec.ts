import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { callService } from './experiments-seed.ts';
import { openProjectForScript, type ScriptClient } from './script-client.ts';

const table = (page: Page) => page.getByRole('table', { name: 'Experiments' });
const rowKeys = (page: Page) => table(page).locator('[data-row-key]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key')));

/** A sweep run as the SDK logs it: the handshake (no name), a parameter batch and a metric batch; answers its key. */
async function logRun(script: ScriptClient, projectName: string, lr: number, losses: readonly number[]): Promise<string> {
  const experimentKey = [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  await script.ok('clientlibAddRun', { body: { experimentKey, projectName, teamName: 'admin', offline: false, getOrCreateEnabled: false, libVersion: '3.54.0' } });
  await script.ok('clientlibParameterBatch', { body: { experimentKey, values: [{ parameterName: 'lr', parameterValue: lr }, { parameterName: 'optimizer', parameterValue: 'adam' }] } });
  await script.ok('clientlibMetricBatch', { body: { experimentKey, values: losses.map((metricValue, step) => ({ metricName: 'loss', metricValue, step })) } });
  return experimentKey;
}

test('a sweep logged by the SDK: readable names, filtered by a parameter, sorted by a summary column, kept with the project, compared by parameters', async ({ page, shell }) => {
  const { projectId, script } = await openProjectForScript(page, shell, 'sweep');
  const sweep: [number, number[]][] = [
    [0.001, [0.9, 0.5, 0.6]],
    [0.003, [0.8, 0.1, 0.15]],
    [0.01, [0.7, 0.3]],
    [0.03, [1.2, 0.9]],
  ];
  const keys: string[] = [];
  for (const [lr, losses] of sweep) keys.push(await logRun(script, 'sweep', lr, losses));
  const names = await Promise.all(keys.map(async (experimentKey) => (await callService(shell, 'getExperimentMetadata', { query: { experimentKey } })).experimentName ?? ''));
  for (const name of names) expect(name).toMatch(/^[a-z]+-[a-z]+-\d+$/);
  const [slow = '', best = '', fast = '', wild = ''] = keys;

  // Runs are shown by their readable names, not their keys.
  await expect(page.getByTestId('experiment-count')).toHaveText('Showing 4 experiments of 4');
  for (const name of names) await expect(table(page).getByRole('link', { name, exact: true }).or(table(page).getByText(name, { exact: true })).first()).toBeVisible();
  await expect(table(page)).not.toContainText(best);
  await expect(table(page).locator(`td[title="${best}"]`)).toHaveText(best.slice(0, 8));

  // Filtering by a parameter: as a comparison, in the lr:0.003 form, and as a plain word.
  const filter = page.getByRole('combobox', { name: 'Filter experiments' });
  for (const text of ['lr = 0.003', 'lr:0.003', '0.003']) {
    await filter.fill(text);
    await expect(page.getByTestId('experiment-count')).toHaveText('Showing 1 experiment of 4');
    await expect.poll(() => rowKeys(page)).toEqual([best]);
  }
  // The box completes the project's names as they are typed.
  await filter.fill('');
  await filter.pressSequentially('lo');
  await page.getByRole('option', { name: 'loss.min', exact: true }).click();
  await expect(filter).toHaveValue('loss.min ');
  // A mistake is shown under the box with where it is.
  await filter.fill('lr =');
  await expect(page.getByText('Expected a value after “=” at 5, found the end of the filter.')).toBeVisible();
  await filter.fill('loss.min < 0.4');
  await expect.poll(() => rowKeys(page)).toHaveLength(2);

  // Adding columns is one step each; a summary column's header sorts.
  await page.getByRole('button', { name: 'Summary columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Summary columns' });
  await dialog.getByLabel('Add a column').click();
  await page.getByRole('option', { name: 'loss (min)' }).click();
  await dialog.getByLabel('Add a column').click();
  await page.getByRole('option', { name: 'lr', exact: true }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await filter.fill('');
  await table(page).getByRole('button', { name: 'loss (min)' }).click();
  await expect.poll(() => rowKeys(page)).toEqual([best, fast, slow, wild]);
  await table(page).getByRole('button', { name: 'loss (min)' }).click();
  await expect.poll(() => rowKeys(page)).toEqual([wild, slow, fast, best]);
  await filter.fill('optimizer = adam and lr < 0.02');
  await expect.poll(() => rowKeys(page)).toEqual([slow, fast, best]);

  // Leaving the project and coming back keeps the columns, the sort and the filter.
  await page.goto(`${shell.origin}/#/projects`);
  await expect(table(page)).toBeHidden();
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();
  await expect(filter).toHaveValue('optimizer = adam and lr < 0.02');
  await expect(table(page).getByRole('columnheader', { name: 'lr' })).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'loss (min)' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => rowKeys(page)).toEqual([slow, fast, best]);

  // The comparison names the runs and shows their parameters.
  await page.getByRole('checkbox', { name: `Select ${names[1]}`, exact: true }).click();
  await page.getByRole('checkbox', { name: `Select ${names[2]}`, exact: true }).click();
  await page.getByRole('toolbar', { name: 'Actions on the selected experiments' }).getByRole('button', { name: 'Compare metrics…' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare 2 experiments' });
  await expect(compare.getByLabel('Legend').first()).toContainText(names[1] ?? '');
  const parameters = compare.getByRole('table', { name: 'Parameters' });
  const rowTexts = async () => (await parameters.getByRole('row').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  await expect.poll(rowTexts).toEqual([`Parameter ${names[2]} ${names[1]}`, 'lr 0.01 0.003', 'optimizer adam adam']);

  // The experiment page is titled by the name and keeps the key at hand (its start, whole in the tooltip, copied on a click).
  await compare.getByRole('button', { name: 'Close' }).click();
  await table(page).getByRole('link', { name: names[1] ?? '', exact: true }).click();
  await expect(page.getByRole('heading', { name: names[1] ?? '' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Copy the key ${best}` })).toHaveText(best.slice(0, 8));
});
