import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openProjectForScript, type ScriptClient } from './script-client.ts';

/** More runs than the chart strokes with the canvas: its back picture is computed in JavaScript. */
const RUNS = 2100;

/** Logs run `run` of a sweep as the SDK does: two parameters and an acc metric spread over the runs. */
async function logRun(script: ScriptClient, projectName: string, run: number): Promise<void> {
  const experimentKey = [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  await script.ok('clientlibAddRun', { body: { experimentKey, projectName, teamName: 'admin', offline: false, getOrCreateEnabled: false, libVersion: '3.54.0' } });
  const values = [
    { parameterName: 'lr', parameterValue: (run * 7919) % 1000 },
    { parameterName: 'batch', parameterValue: (run * 104729) % 997 },
  ];
  await script.ok('clientlibParameterBatch', { body: { experimentKey, values } });
  await script.ok('clientlibMetricBatch', { body: { experimentKey, values: [{ metricName: 'acc', metricValue: run / RUNS, step: 0 }] } });
}

/** The distinct RGBA values ("r,g,b,a") of the back canvas's painted pixels. */
const backColours = (chart: Locator) =>
  chart.locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
    const found = new Set<string>();
    for (let at = 0; at < data.length; at += 4) if (data[at + 3]) found.add(data.subarray(at, at + 4).join(','));
    return [...found];
  });

test('parallel coordinates over thousands of runs draw 1-pixel lines in the metric colours, faint grey adding up while brushing', async ({ page, shell }) => {
  test.setTimeout(180_000);
  const { script } = await openProjectForScript(page, shell, 'big-sweep');
  for (let run = 0; run < RUNS; run += 10) await Promise.all(Array.from({ length: 10 }, (_, one) => logRun(script, 'big-sweep', run + one)));

  await page.getByRole('link', { name: 'Analysis' }).click();
  await page.getByRole('button', { name: 'Add panel' }).click();
  await page.getByRole('menuitem', { name: /Parallel coordinates/ }).click();
  const parallel = page.getByRole('region', { name: 'Parallel coordinates' });
  const chart = parallel.getByTestId('parallel-coordinates');
  await expect(chart).toHaveAttribute('data-runs', String(RUNS));

  // Not anti-aliased: every painted pixel is opaque, in one of 16 metric colours (or grey for no metric value).
  await expect.poll(async () => (await backColours(chart)).length).toBeGreaterThan(8);
  const coloured = await backColours(chart);
  expect(coloured.filter((rgba) => !rgba.endsWith(',255'))).toEqual([]);
  expect(coloured.length).toBeLessThanOrEqual(17);

  // With a brush, the back shows every run faint: grey 140, n lines over a pixel giving opacity 1 − (1 − 0.18)^n.
  const axis = parallel.locator('g[data-axis="param:lr"] line[data-axis-line]');
  const line = await axis.boundingBox();
  if (!line) throw new Error('the lr axis is not drawn');
  await page.mouse.move(line.x, line.y + line.height + 4);
  await page.mouse.down();
  await page.mouse.move(line.x, line.y + line.height / 2, { steps: 4 });
  await page.mouse.up();
  // Canvas pixels are kept premultiplied: read back, a faint pixel's grey may be off by up to 255 / (2 × its alpha).
  const alphas = new Set(Array.from({ length: 255 }, (_, n) => Math.round(255 * (1 - 0.82 ** (n + 1)))));
  const notFaint = (rgba: string) => {
    const [red, green, blue, alpha] = rgba.split(',').map(Number) as [number, number, number, number];
    return !alphas.has(alpha) || [red, green, blue].some((one) => Math.abs(one - 140) > 255 / (2 * alpha) + 0.5);
  };
  await expect.poll(async () => (await backColours(chart)).filter(notFaint)).toEqual([]);
  expect((await backColours(chart)).length).toBeGreaterThan(3);
});
