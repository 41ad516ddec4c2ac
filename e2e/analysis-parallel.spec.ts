import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openProjectForScript, type ScriptClient } from './script-client.ts';

interface LoggedRun {
  lr: number;
  batch: number;
  optimizer: string;
  acc: number[];
}

/** A sweep: four learning rates, two batch sizes, two optimizers; acc logged over three steps. */
const SWEEP: LoggedRun[] = [
  { lr: 0.001, batch: 32, optimizer: 'adam', acc: [0.2, 0.5, 0.61] },
  { lr: 0.003, batch: 64, optimizer: 'sgd', acc: [0.3, 0.6, 0.72] },
  { lr: 0.01, batch: 32, optimizer: 'adam', acc: [0.4, 0.8, 0.88] },
  { lr: 0.03, batch: 64, optimizer: 'sgd', acc: [0.1, 0.3, 0.45] },
  { lr: 0.001, batch: 64, optimizer: 'sgd', acc: [0.25, 0.4, 0.58] },
  { lr: 0.003, batch: 32, optimizer: 'adam', acc: [0.35, 0.7, 0.8] },
  { lr: 0.01, batch: 64, optimizer: 'sgd', acc: [0.3, 0.75, 0.83] },
  { lr: 0.03, batch: 32, optimizer: 'adam', acc: [0.2, 0.35, 0.5] },
];

/** Logs a run as the SDK does (handshake, a parameter batch, a metric batch); answers its key. */
async function logRun(script: ScriptClient, projectName: string, run: LoggedRun): Promise<string> {
  const experimentKey = [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  await script.ok('clientlibAddRun', { body: { experimentKey, projectName, teamName: 'admin', offline: false, getOrCreateEnabled: false, libVersion: '3.54.0' } });
  const values = [
    { parameterName: 'lr', parameterValue: run.lr },
    { parameterName: 'batch', parameterValue: run.batch },
    { parameterName: 'optimizer', parameterValue: run.optimizer },
  ];
  await script.ok('clientlibParameterBatch', { body: { experimentKey, values } });
  await script.ok('clientlibMetricBatch', { body: { experimentKey, values: run.acc.map((metricValue, step) => ({ metricName: 'acc', metricValue, step })) } });
  return experimentKey;
}

/** A table's rows as {run key → {column header → cell text}}. */
async function tableByKey(table: Locator): Promise<Record<string, Record<string, string>>> {
  return table.evaluate((element) => {
    const headers = [...element.querySelectorAll('thead th')].map((cell) => cell.textContent ?? '');
    const rows: Record<string, Record<string, string>> = {};
    for (const row of element.querySelectorAll('tbody tr[data-run-key]')) {
      const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
      rows[row.getAttribute('data-run-key') ?? ''] = Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? '']));
    }
    return rows;
  });
}

/** Drags along the parallel coordinates' axis `axisId` from below its bottom to the height of value `to` (a linear axis); `whileHeld` runs before the release. */
async function brushAxis(page: Page, panel: Locator, axisId: string, to: number, whileHeld?: () => Promise<void>): Promise<void> {
  const axis = panel.locator(`g[data-axis="${axisId}"]`);
  const [min, max] = [Number(await axis.getAttribute('data-domain-min')), Number(await axis.getAttribute('data-domain-max'))];
  const line = await axis.locator('line[data-axis-line]').boundingBox();
  if (!line) throw new Error(`the ${axisId} axis is not drawn`);
  const bottom = line.y + line.height;
  const x = line.x + line.width / 2;
  await page.mouse.move(x, bottom + 4);
  await page.mouse.down();
  await page.mouse.move(x, bottom - ((to - min) / (max - min)) * line.height, { steps: 8 });
  await whileHeld?.();
  await page.mouse.up();
}

test('parallel coordinates and a scatter of a logged sweep: values drawn as logged, a brush narrows the scatter and the table, a point opens its run', async ({ page, shell }) => {
  const { projectId, script } = await openProjectForScript(page, shell, 'sweep');
  const keys: string[] = [];
  for (const run of SWEEP) keys.push(await logRun(script, 'sweep', run));
  const logged = new Map(keys.map((key, index) => [key, SWEEP[index] as LoggedRun]));

  await page.getByRole('link', { name: 'Analysis' }).click();
  await expect(page).toHaveURL(new RegExp(`#/projects/${projectId}/analysis$`));
  // The runs' whole reads with columns: adding the panel starts one, which the panel and the table below both use.
  const reads: { kind: string; name: string }[][] = [];
  page.on('request', (request) => {
    const call = request.url().endsWith('/ipc/api.call') ? (request.postDataJSON() as { endpoint?: string; body?: { columns?: { kind: string; name: string }[]; since?: string } }) : null;
    if (call?.endpoint === 'getAnalysisRuns' && call.body?.columns?.length && call.body.since === undefined) reads.push(call.body.columns);
  });
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Add panel' }).click();
  await page.getByRole('menuitem', { name: /Parallel coordinates/ }).click();
  const parallel = page.getByRole('region', { name: 'Parallel coordinates' });
  const chart = parallel.getByTestId('parallel-coordinates');
  await expect(chart).toHaveAttribute('data-runs', '8');
  await expect(parallel.locator('g[data-axis]')).toHaveCount(4);
  expect(reads).toHaveLength(1);
  expect(reads[0]?.map((column) => `${column.kind}:${column.name}`).sort()).toEqual(['metric:acc', 'param:batch', 'param:lr', 'param:optimizer']);
  expect(await parallel.locator('g[data-axis]').evaluateAll((axes) => axes.map((axis) => [axis.getAttribute('data-axis'), axis.getAttribute('data-scale')]))).toEqual(
    expect.arrayContaining([
      ['param:lr', 'linear'],
      ['param:batch', 'linear'],
      ['param:optimizer', 'category'],
      ['metric:acc:last', 'linear'],
    ]),
  );

  // What the chart draws, read from its table, is what was logged.
  await parallel.getByLabel('Show as table').check();
  const drawn = await tableByKey(parallel.getByRole('table', { name: 'Runs drawn in the parallel coordinates' }));
  expect(Object.keys(drawn).sort()).toEqual([...keys].sort());
  for (const [key, run] of logged) {
    expect(drawn[key]).toMatchObject({ lr: String(run.lr), batch: String(run.batch), optimizer: run.optimizer, acc: String(run.acc.at(-1)), 'Inside the brushes': 'yes' });
  }
  await parallel.getByLabel('Show as table').uncheck();

  // A scatter of acc against lr: a point per run, at the logged values. With the project's names at hand, its runs'
  // read starts on the click, before the panel is on the page.
  await page.evaluate(() => {
    const send = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input).endsWith('/ipc/api.call') && typeof init?.body === 'string' && init.body.includes('"getAnalysisRuns"') && !init.body.includes('"since"')) {
        document.body.dataset.runsReadWithScatter ??= String(document.querySelector('section[aria-label="Scatter"]') !== null);
      }
      return send(input, init);
    };
  });
  await page.getByRole('button', { name: 'Add panel' }).click();
  await page.getByRole('menuitem', { name: /Scatter/ }).click();
  const scatter = page.getByRole('region', { name: 'Scatter' });
  await expect(scatter.getByTestId('scatter-plot')).toHaveAttribute('data-points', '8');
  await expect(page.locator('body')).toHaveAttribute('data-runs-read-with-scatter', 'false');
  await scatter.getByRole('combobox', { name: 'X' }).click();
  await page.getByRole('option', { name: 'lr · parameter' }).click();
  await expect(scatter.getByRole('combobox', { name: 'Y' })).toHaveText(/^acc/);
  await expect(scatter.getByTestId('scatter-plot')).toHaveAttribute('data-points', '8');
  await scatter.getByLabel('Show as table').check();
  const points = await tableByKey(scatter.getByRole('table', { name: 'Points of the scatter' }));
  expect(Object.keys(points).sort()).toEqual([...keys].sort());
  for (const [key, run] of logged) expect(points[key]).toMatchObject({ lr: String(run.lr), acc: String(run.acc.at(-1)) });
  await scatter.getByLabel('Show as table').uncheck();

  // Brushing lr up to 0.005 keeps the four runs at 0.001 and 0.003, in the chart, the scatter and the table below.
  const inRange = keys.filter((key) => (logged.get(key)?.lr ?? 1) < 0.005);
  await expect(page.getByTestId('linked-runs-count')).toHaveText(/^8 runs/);
  await brushAxis(page, parallel, 'param:lr', 0.005);
  await expect(parallel.getByLabel('Brush on lr')).toBeVisible();
  await expect(chart).toHaveAttribute('data-passing', '4');
  await expect(scatter.getByTestId('scatter-plot')).toHaveAttribute('data-points', '4');
  await expect(page.getByTestId('linked-runs-count')).toHaveText('4 of 8 runs pass the brushes');
  const table = page.getByRole('table', { name: 'Runs passing the brushes' });
  await expect.poll(async () => Object.keys(await tableByKey(table)).sort()).toEqual([...inRange].sort());
  const listed = await tableByKey(table);
  for (const key of inRange) expect(listed[key]).toMatchObject({ lr: String(logged.get(key)?.lr), acc: String(logged.get(key)?.acc.at(-1)) });

  // A second brush, batch up to 40, keeps the runs inside both: the chart counts them while the pointer is still down,
  // and once released the scatter and the table follow.
  const inBoth = inRange.filter((key) => logged.get(key)?.batch === 32);
  await brushAxis(page, parallel, 'param:batch', 40, async () => {
    await expect(chart).toHaveAttribute('data-passing', String(inBoth.length));
    await expect(parallel.getByText(`${inBoth.length} of 8 runs inside this chart's brushes`, { exact: true })).toBeVisible();
  });
  await expect(parallel.getByLabel('Brush on batch')).toBeVisible();
  await expect(parallel.getByLabel('Brush on lr')).toBeVisible();
  await expect(chart).toHaveAttribute('data-passing', String(inBoth.length));
  await expect(scatter.getByTestId('scatter-plot')).toHaveAttribute('data-points', String(inBoth.length));
  await expect(page.getByTestId('linked-runs-count')).toHaveText(`${inBoth.length} of 8 runs pass the brushes`);
  await expect.poll(async () => Object.keys(await tableByKey(table)).sort()).toEqual([...inBoth].sort());

  // Ticking a run in the table selects it in the chart.
  const picked = inBoth[0] ?? '';
  await table.locator(`tr[data-run-key="${picked}"]`).getByRole('checkbox').check();
  await expect(parallel.locator(`polyline[data-selected-run="${picked}"]`)).toHaveCount(1);

  // Clearing the brushes brings every run back everywhere.
  await page.getByRole('button', { name: 'Clear brushes' }).click();
  await expect(page.getByTestId('linked-runs-count')).toHaveText(/^8 runs/);
  await expect(chart).toHaveAttribute('data-passing', '8');
  await expect(parallel.getByLabel('Brush on lr')).toHaveCount(0);
  await expect(parallel.getByLabel('Brush on batch')).toHaveCount(0);
  await expect(scatter.getByTestId('scatter-plot')).toHaveAttribute('data-points', '8');

  // The filter box on the view is the table's: a query narrows every panel and the table, and stays for the table.
  const filter = page.getByRole('combobox', { name: 'Filter experiments' });
  await filter.fill('optimizer = adam and acc > 0.6');
  const matching = keys.filter((key) => logged.get(key)?.optimizer === 'adam' && (logged.get(key)?.acc.at(-1) ?? 0) > 0.6);
  await expect(chart).toHaveAttribute('data-runs', String(matching.length));
  await expect(scatter.getByTestId('scatter-plot')).toHaveAttribute('data-points', String(matching.length));
  await expect.poll(async () => Object.keys(await tableByKey(table)).sort()).toEqual([...matching].sort());
  await filter.fill('acc >');
  await expect(page.getByText('Expected a value after “>”')).toBeVisible();
  await expect(chart).toHaveAttribute('data-runs', String(matching.length));
  await filter.fill('');
  await expect(chart).toHaveAttribute('data-runs', '8');

  // The run under the pointer is named; a click on its point opens it.
  const plot = scatter.getByTestId('scatter-plot');
  await expect(plot).toHaveAttribute('data-point-px', /;/);
  const [key = '', x = '0', y = '0'] = ((await plot.getAttribute('data-point-px')) ?? '').split(';')[3]?.split(' ') ?? [];
  const box = await plot.boundingBox();
  if (!box) throw new Error('the scatter is not drawn');
  await page.mouse.move(box.x + Number(x), box.y + Number(y));
  await expect(scatter.getByRole('status')).toContainText(`lr ${logged.get(key)?.lr}`);
  await page.mouse.click(box.x + Number(x), box.y + Number(y));
  await expect(page).toHaveURL(new RegExp(`#/experiments/${key}$`));
});
