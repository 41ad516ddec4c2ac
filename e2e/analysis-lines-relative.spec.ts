import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openProjectForScript, type ScriptClient } from './script-client.ts';

const POINTS = 600;
/** The runs begin an hour apart, and log a point a second. */
const STARTS = [Date.UTC(2026, 10, 1, 9), Date.UTC(2026, 10, 1, 10)];
/** The loss run `run` logs `seconds` after its first point (four decimals, shown exactly). */
const lossAt = (run: number, seconds: number) => Math.round((1 / (1 + seconds / (50 * (run + 1)))) * 10_000) / 10_000;

/** A run as the SDK logs it, its points a second apart from `start`; answers its key. */
async function logRun(script: ScriptClient, run: number, start: number): Promise<string> {
  const experimentKey = [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  await script.ok('clientlibAddRun', { body: { experimentKey, projectName: 'timed', teamName: 'admin', offline: false, getOrCreateEnabled: false, libVersion: '3.54.0' } });
  const values = Array.from({ length: POINTS }, (_, second) => ({ metricName: 'loss', metricValue: lossAt(run, second), step: second, timestamp: start + second * 1000 }));
  await script.ok('clientlibMetricBatch', { body: { experimentKey, values } });
  return experimentKey;
}

const chart = (page: Page) => page.getByTestId('line-chart');

/** The chart table's rows by x (seconds), each run's cell. */
async function tableRows(page: Page): Promise<Map<string, string[]>> {
  const rows = await page.getByRole('table', { name: 'Chart values' }).evaluate((element) =>
    [...element.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent ?? '')),
  );
  return new Map(rows.map(([x = '', ...cells]) => [x, cells]));
}

test("a zoom on relative time reads each run again at full detail from its own first point", async ({ page, shell }) => {
  const { projectId, script } = await openProjectForScript(page, shell, 'timed');
  for (const [run, start] of STARTS.entries()) await logRun(script, run, start);

  await page.goto(`${shell.origin}/#/projects/${projectId}/analysis`);
  await page.getByRole('button', { name: 'Add panel' }).click();
  await page.getByRole('menuitem', { name: /Line chart/ }).click();
  await expect(chart(page)).toHaveAttribute('data-lines', '2');
  await page.getByLabel('X axis').click();
  await page.getByRole('option', { name: 'Relative time' }).click();
  await expect(chart(page)).toHaveAttribute('data-state', 'ready');
  // 600 seconds in at most 500 buckets per run: buckets of 2,048 ms.
  await expect(chart(page)).toHaveAttribute('data-bucket-width', '2048');

  // Dragging across a tenth of the plot zooms (again, should the chart be redrawn under the pointer meanwhile); both
  // runs are read again there, point by point, at the same seconds since their first points.
  const box = await chart(page).locator('.u-over').boundingBox();
  if (!box) throw new Error('the chart has no plot area');
  await expect(async () => {
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
    await page.mouse.up();
    await expect(chart(page)).not.toHaveAttribute('data-zoom', '', { timeout: 1000 });
  }).toPass();
  await expect(chart(page)).toHaveAttribute('data-bucket-width', 'raw');
  await expect(chart(page)).toHaveAttribute('data-state', 'ready');
  await page.getByLabel('Show as table').check();
  const rows = await tableRows(page);
  const xs = [...rows.keys()].map(Number);
  // A row a second: the whole read's 2,048 ms buckets gave one every two.
  expect(xs.length).toBeGreaterThan(0.8 * ((xs.at(-1) ?? 0) - (xs[0] ?? 0)));
  for (const [x, cells] of rows) {
    const second = [Math.ceil(Number(x)), Math.ceil(Number(x)) + 1].find((one) => String(lossAt(0, one)) === cells[0]);
    expect(second, `the first run's value at ${x} s`).toBeDefined();
    expect(cells[1], `the second run's value at ${x} s`).toBe(String(lossAt(1, second ?? -1)));
  }
});
