import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { callService } from './experiments-seed.ts';
import { openProjectForScript, type ScriptClient } from './script-client.ts';

const STEPS = 600;
const RATES = [0.01, 0.1, 0.01, 0.1, 0.01, 0.1];
/** The loss run `run` logs at `step` (four decimals, so the table's six digits show it exactly). */
const lossAt = (run: number, step: number) => Math.round((1 / (1 + step * (RATES[run] ?? 0)) + run / 100) * 10_000) / 10_000;
/** A value as the chart's table shows it. */
const shown = (value: number) => String(Number(value.toPrecision(6)));

/** A run as the SDK logs it: the handshake, `lr`, and `loss` over STEPS steps in two batches; answers its key. */
async function logRun(script: ScriptClient, run: number): Promise<string> {
  const experimentKey = [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  await script.ok('clientlibAddRun', { body: { experimentKey, projectName: 'sweep', teamName: 'admin', offline: false, getOrCreateEnabled: false, libVersion: '3.54.0' } });
  await script.ok('clientlibParameterBatch', { body: { experimentKey, values: [{ parameterName: 'lr', parameterValue: RATES[run] ?? 0 }] } });
  for (let from = 0; from < STEPS; from += 300) {
    const values = Array.from({ length: 300 }, (_, index) => ({ metricName: 'loss', metricValue: lossAt(run, from + index), step: from + index }));
    await script.ok('clientlibMetricBatch', { body: { experimentKey, values } });
  }
  return experimentKey;
}

const chart = (page: Page) => page.getByTestId('line-chart');

/** The chart's "Show as table" view: its column headers and, by the row's x, the row's cells. */
async function readTable(page: Page): Promise<{ headers: string[]; rows: Map<string, string[]> }> {
  const table = page.getByRole('table', { name: 'Chart values' });
  await expect(table).toBeVisible();
  const [headers, rows] = await table.evaluate((element) => [
    [...element.querySelectorAll('thead th')].map((cell) => cell.textContent ?? ''),
    [...element.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent ?? '')),
  ] as const);
  return { headers: headers.slice(1), rows: new Map(rows.map(([x = '', ...cells]) => [x, cells])) };
}

const showTable = (page: Page, on: boolean) => page.getByLabel('Show as table').setChecked(on);

test('a line chart of a sweep: a line per run, grouped by lr with bands, zoomed at full resolution, following a live run', async ({ page, shell }) => {
  const { projectId, script } = await openProjectForScript(page, shell, 'sweep');
  const keys: string[] = [];
  for (let run = 0; run < RATES.length; run += 1) keys.push(await logRun(script, run));
  const names = await Promise.all(keys.map(async (experimentKey) => (await callService(shell, 'getExperimentMetadata', { query: { experimentKey } })).experimentName ?? ''));

  await page.goto(`${shell.origin}/#/projects/${projectId}/analysis`);
  await page.getByRole('button', { name: 'Add panel' }).click();
  await page.getByRole('menuitem', { name: /Line chart/ }).click();
  await expect(chart(page)).toHaveAttribute('data-metric', 'loss');
  await expect(chart(page)).toHaveAttribute('data-state', 'ready');
  await expect(chart(page)).toHaveAttribute('data-lines', '6');
  // 600 steps in at most 500 buckets per run: buckets of 2 steps, each drawn at its first step.
  await expect(chart(page)).toHaveAttribute('data-bucket-width', '2');
  for (const name of names) await expect(page.getByLabel('Legend').getByText(name, { exact: true })).toBeVisible();

  // Hover names the run under the pointer; a click selects it (its legend entry is highlighted).
  const plot = chart(page).locator('.u-over');
  const box = await plot.boundingBox();
  if (!box) throw new Error('the chart has no plot area');
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(page.getByTestId('line-hover')).toContainText(new RegExp(names.join('|')));
  const hoverText = (await page.getByTestId('line-hover').textContent()) ?? '';
  const hovered = names.find((name) => hoverText.startsWith(`${name} · `)) ?? '';
  expect(hovered).not.toBe('');
  const painted = chart(page).locator('.uplot');
  await expect(painted).toHaveAttribute('data-painted-highlighted', '0');
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(page.getByLabel('Legend').getByRole('button', { pressed: true })).toHaveText(hovered);
  // The canvas paints every run's line, the selected one highlighted.
  await expect(painted).toHaveAttribute('data-painted-highlighted', '1');
  await expect(painted).toHaveAttribute('data-painted-lines', '6');
  const paintedPoints = Number(await painted.getAttribute('data-painted-points'));

  await showTable(page, true);
  let table = await readTable(page);
  expect(table.headers).toEqual(names);
  for (const step of [0, 100, 598]) expect(table.rows.get(String(step))).toEqual(RATES.map((_, run) => shown(lossAt(run, step))));
  expect(table.rows.has('101')).toBe(false);
  // What was painted is what the table lists: a point per value, 300 buckets of 2 steps per run.
  expect(paintedPoints).toBe([...table.rows.values()].flat().filter((cell) => cell !== '').length);
  expect(paintedPoints).toBe(RATES.length * (STEPS / 2));

  // Dragging across the plot zooms; the zoomed range is read again at full resolution (every step).
  await showTable(page, false);
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.up();
  await expect(chart(page)).not.toHaveAttribute('data-zoom', '');
  await expect(chart(page)).toHaveAttribute('data-bucket-width', 'raw');
  await expect(chart(page)).toHaveAttribute('data-state', 'ready');
  await showTable(page, true);
  table = await readTable(page);
  const odd = [...table.rows.keys()].map(Number).find((step) => step % 2 === 1);
  expect(odd).toBeDefined();
  expect(table.rows.get(String(odd))).toEqual(RATES.map((_, run) => shown(lossAt(run, odd ?? 0))));
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(chart(page)).toHaveAttribute('data-bucket-width', '2');

  // Grouped by lr: a mean line per value (with its band), named with its run count.
  await page.getByLabel('Group by').click();
  await page.getByRole('option', { name: 'lr', exact: true }).click();
  await expect(chart(page)).toHaveAttribute('data-lines', '2');
  await expect(page.getByLabel('Legend')).toContainText('lr = 0.01 · 3 runs');
  await expect(page.getByLabel('Legend')).toContainText('lr = 0.1 · 3 runs');
  table = await readTable(page);
  expect(table.headers).toEqual(['lr = 0.01 (3 runs)', 'lr = 0.1 (3 runs)']);
  const mean = (rate: number, step: number) => {
    const runs = RATES.flatMap((value, run) => (value === rate ? [lossAt(run, step)] : []));
    return shown(runs.reduce((sum, value) => sum + value, 0) / runs.length);
  };
  for (const step of [0, 200]) expect(table.rows.get(String(step))).toEqual([mean(0.01, step), mean(0.1, step)]);

  // A point logged while the view is open appears without a reload.
  await script.ok('clientlibMetricBatch', { body: { experimentKey: keys[1] ?? '', values: [{ metricName: 'loss', metricValue: 0.0123, step: STEPS }] } });
  await expect.poll(async () => (await readTable(page)).rows.get(String(STEPS)), { timeout: 15_000 }).toEqual(['', '0.0123']);
});
