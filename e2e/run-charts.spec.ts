import { addRunBody, sdkCall, sdkExperimentKey, sdkUpload } from '../server/test/support/clientlib-sdk.ts';
import { replaySdkMedia } from '../server/test/support/sdk-media-replay.ts';
import { expect, test } from './fixtures.ts';
import { seedProject } from './experiments-seed.ts';
import { ScriptClient, scriptSettingsFromApp } from './script-client.ts';

test("a run the real SDK logged shows its confusion matrix, histogram, curve and system usage as charts, from the SDK's own payloads (issue 43)", async ({ page, shell }) => {
  // One replayed run walked through four tabs: longer than most tests on a loaded machine.
  test.slow();
  await seedProject(shell, 'media-charts');
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible({ timeout: 30_000 });
  const settings = await scriptSettingsFromApp(shell);
  const experimentKey = await replaySdkMedia({ url: new URL(settings.url).origin, apiKey: settings.apiKey, workspace: 'admin' }, 'media-charts');
  // The run also reports its CPU usage (E42): sys.cpu.percent.01, .02 and .avg.
  const script = new ScriptClient(settings);
  await script.ok('logCpuUsage', { body: { experimentKey, cpuPercentUtilization: [40, 60] } });
  /** Uploads a file as the SDK uploads curves and confusion matrices. */
  const upload = async (assetId: string, fileName: string, type: string, text: string) => {
    const query = { experimentId: experimentKey, apiKey: settings.apiKey, runId: experimentKey, assetId, fileName, type, step: 3 };
    const reply = await sdkUpload(new URL(settings.url).origin, { path: 'asset/upload', query, parts: [{ name: 'file', value: text, filename: 'file' }], experimentKey, key: settings.apiKey });
    expect(reply.status).toBe(200);
  };
  // A curve file cut short, and a confusion matrix whose cells name example images of the run (sampleMatrix).
  await upload('c'.repeat(32), 'broken', 'curve', '{"x": [0, 1], "y": [0');
  const images = (await script.ok('listAssets', { query: { experimentKey, type: 'image' } })).assets as { assetId: string }[];
  const sampleMatrix = [[[], [{ index: 3, assetId: images[0]?.assetId }, { index: 8, assetId: images[1]?.assetId }]], [[], []]];
  await upload('d'.repeat(32), 'z-samples.json', 'confusion-matrix', JSON.stringify({ version: 1, title: 'with examples', labels: ['a', 'b'], matrix: [[5, 2], [0, 4]], sampleMatrix }));
  await page.goto(`${shell.origin}/#/experiments/${experimentKey}`);

  await test.step('the confusion matrix: counts, a percent of its row, the worst cells called out', async () => {
    await page.getByRole('tab', { name: 'Confusion matrices' }).click();
    const grid = page.getByRole('table', { name: 'Confusion matrix val confusion' });
    await expect(grid.getByRole('columnheader')).toHaveText(['Actual Category ↓', 'cat', 'dog', 'bird']);
    await expect(grid.getByRole('rowheader')).toHaveText(['cat', 'dog', 'bird']);
    await expect(grid.getByRole('cell', { name: 'cat predicted as cat: 8', exact: true })).toHaveText('8');
    await expect(grid.getByRole('cell', { name: 'bird predicted as bird: 9', exact: true })).toHaveText('9');
    await expect(grid.getByRole('cell', { name: 'cat predicted as dog: 2, among the worst confusions' })).toHaveAttribute('data-worst', 'true');
    await expect(page.getByRole('list', { name: 'Worst confusions' }).getByRole('listitem')).toHaveText([
      'cat predicted as dog: 2 (20.0% of cat)',
      'dog predicted as bird: 2 (20.0% of dog)',
      'dog predicted as cat: 1 (10.0% of dog)',
    ]);
    await page.getByRole('button', { name: 'Percent of row' }).click();
    await expect(grid.getByRole('cell', { name: 'dog predicted as dog: 70.0%', exact: true })).toHaveText('70.0%');
    await page.getByRole('button', { name: 'Percent of column' }).click();
    await expect(grid.getByRole('cell', { name: 'cat predicted as cat: 88.9%', exact: true })).toHaveText('88.9%');
  });

  await test.step("a cell with the SDK's examples opens their images", async () => {
    await page.getByRole('combobox', { name: 'Confusion matrix' }).click();
    await page.getByRole('option', { name: 'z-samples.json' }).click();
    await page.getByRole('button', { name: 'Show the 2 examples of a predicted as b' }).click();
    const examples = page.getByRole('dialog', { name: 'Examples of a predicted as b' });
    await expect(examples.getByRole('img')).toHaveCount(2);
    await expect(examples.getByRole('img', { name: 'Example 3 (sample)' })).toHaveAttribute('src', /^data:image\/webp;base64,/);
    await expect(examples.getByRole('img', { name: 'Example 8 (sample)' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step("the histogram: each step's counts per bin, decoded from the SDK's bins", async () => {
    await page.getByRole('tab', { name: 'Histograms' }).click();
    await expect(page.getByRole('img', { name: 'Histogram weights over 2 steps' })).toBeVisible();
    const stepOne = page.getByRole('table', { name: 'Histogram weights at step 1' });
    await expect(stepOne.getByRole('row')).toHaveText([
      'BinValuesCount',
      '1049[0.2, 0.22)1',
      '1053[0.292, 0.321)2',
      '1060[0.57, 0.626)1',
      '1063[0.758, 0.834)2',
      '1064[0.834, 0.917)1',
      '1065[0.917, 1.01)1',
    ]);
    await page.getByRole('slider', { name: 'Step of weights' }).press('ArrowLeft');
    const stepZero = page.getByRole('table', { name: 'Histogram weights at step 0' });
    await expect(stepZero.getByRole('row')).toHaveText(['BinValuesCount', '1041[0.0931, 0.102)1', '1049[0.2, 0.22)2', '1058[0.471, 0.518)1', '1062[0.689, 0.758)3', '1064[0.834, 0.917)1']);
  });

  await test.step('the curve: its points and, as a ROC curve, the area under it; a broken file says why, with its download', async () => {
    await page.getByRole('tab', { name: 'Curves' }).click();
    const broken = page.getByRole('region', { name: 'broken' });
    await expect(broken.getByRole('alert')).toContainText('Cannot display this curve: the file is not valid JSON');
    await expect(broken.getByRole('button', { name: 'Download broken' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Curve roc' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Points of roc at step 2' }).getByRole('row')).toHaveText([
      'False positive rateTrue positive rate',
      '00',
      '0.10.6',
      '0.30.9',
      '11',
    ]);
    await expect(page.getByRole('table', { name: 'Area under roc' }).getByRole('row')).toHaveText(['StepROC AUC', 'step 20.845']);
  });

  await test.step('the System tab charts the CPU usage the run reported', async () => {
    await page.getByRole('tab', { name: 'System and git' }).click();
    const usage = page.getByRole('region', { name: 'System usage' });
    await expect(usage.getByRole('img', { name: 'Chart of CPU %' })).toBeVisible();
    await expect(usage).toContainText('sys.cpu.percent.avg');
    await expect(usage).toContainText('sys.cpu.percent.02');
  });

  await test.step("the Assets tab keeps each name and its link to the kind's tab readable", async () => {
    // The narrowest window that still shows every column.
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.getByRole('tab', { name: 'Assets' }).click();
    const names = page.getByRole('row').locator('td:nth-child(3) span');
    await expect(names.first()).toBeVisible();
    // The name cell breaks long names anywhere: it once shrank to a letter per line beside the other columns.
    const lines = await names.evaluateAll((spans) =>
      spans.map((span) => {
        const text = document.createRange();
        text.selectNodeContents(span);
        const name = span.textContent ?? '';
        // A line holds at least 16 characters of a name: a short name stays on one line, a long one on a few.
        return { name, lines: text.getClientRects().length, most: Math.max(1, Math.ceil(name.length / 16)) };
      }),
    );
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.filter((one) => one.lines > one.most)).toEqual([]);
  });

});

test('a running run gains its Curves tab once its first curve arrives', async ({ page, shell }) => {
  await seedProject(shell, 'media-charts');
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible({ timeout: 30_000 });
  const settings = await scriptSettingsFromApp(shell);
  const liveKey = sdkExperimentKey();
  const origin = new URL(settings.url).origin;
  const started = await sdkCall(origin, { path: 'logger/add/run', body: { ...addRunBody(liveKey, 'media-charts', 'admin'), apiKey: settings.apiKey }, experimentKey: liveKey, key: settings.apiKey });
  expect(started.status).toBe(200);
  await page.goto(`${shell.origin}/#/experiments/${liveKey}`);
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Curves' })).toHaveCount(0);
  const query = { experimentId: liveKey, apiKey: settings.apiKey, runId: liveKey, assetId: 'e'.repeat(32), fileName: 'pr', type: 'curve', step: 3 };
  const curve = JSON.stringify({ x: [0, 0.5, 1], y: [1, 0.8, 0.5], name: 'pr' });
  const uploaded = await sdkUpload(origin, { path: 'asset/upload', query, parts: [{ name: 'file', value: curve, filename: 'file' }], experimentKey: liveKey, key: settings.apiKey });
  expect(uploaded.status).toBe(200);
  await expect(page.getByRole('tab', { name: 'Curves' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Curves' }).click();
  await expect(page.getByRole('table', { name: 'Area under pr' }).getByRole('row')).toHaveText(['StepPR AUC', 'step 30.775']);
});
