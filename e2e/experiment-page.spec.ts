import { expect, test } from './fixtures.ts';
import { callService, seedExperiments, seedProject } from './experiments-seed.ts';

test('shows everything logged to an experiment, with logged HTML sandboxed', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'vision');
  const [experimentKey = ''] = await seedExperiments(shell, 'vision', ['resnet']);
  const log = { experimentKey };
  for (let step = 0; step < 20; step += 1) {
    await callService(shell, 'logMetric', { body: { ...log, metricName: 'loss', metricValue: 1 / (step + 1), step } });
    await callService(shell, 'logMetric', { body: { ...log, metricName: 'accuracy', metricValue: step / 20, step } });
  }
  await callService(shell, 'logParameter', { body: { ...log, parameterName: 'learning_rate', parameterValue: 0.001 } });
  await callService(shell, 'logOther', { body: { ...log, key: 'dataset', value: 'imagenet' } });
  await callService(shell, 'addTags', { body: { ...log, addedTags: ['baseline', 'gpu'] } });
  await callService(shell, 'setSystemDetails', { body: { ...log, hostname: 'trainer-7', pythonVersion: '3.12.1', installedPackages: ['torch==2.5.0'] } });
  await callService(shell, 'setGitMetadata', { body: { ...log, user: 'ana', root: '/src', branch: 'feature/augment', parent: 'abc123', origin: 'git@example.org:x.git' } });
  await callService(shell, 'logOutput', { body: { ...log, outputLines: [{ output: 'epoch 1 done\n', stderr: false, localTimestamp: 1, offset: 0 }] } });
  await callService(shell, 'setCode', { body: { ...log, code: 'print("train")' } });
  const html = '<h1 id="t">Report</h1><script>document.getElementById("t").textContent = "script ran"; parent.document.title = "escaped";</script>';
  await callService(shell, 'logHtml', { body: { ...log, html } });

  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await page.getByRole('link', { name: 'resnet' }).click();
  await expect(page.getByRole('heading', { name: 'resnet' })).toBeVisible();
  await expect(page.getByLabel('Experiment metadata')).toContainText(experimentKey);
  await expect(page.getByRole('list', { name: 'Tags' })).toHaveText('baselinegpu');
  await expect(page.getByRole('table', { name: 'Parameters' })).toContainText('learning_rate0.001');
  await expect(page.getByRole('table', { name: 'Others' })).toContainText('datasetimagenet');

  await page.getByRole('tab', { name: 'Metrics' }).click();
  await expect(page.getByRole('img', { name: 'Chart of accuracy, loss by step' })).toBeVisible();
  const legend = page.getByLabel('Legend');
  await expect(legend).toContainText('accuracy (20 points) last 0.95, min 0, max 0.95');
  await expect(legend).toContainText('loss (20 points) last 0.05, min 0.05, max 1');
  // Hover values, then drag to zoom: the range is read again, and "Reset zoom" goes back to the whole series.
  const plot = page.getByRole('img', { name: 'Chart of accuracy, loss by step' }).locator('.u-over');
  const box = await plot.boundingBox();
  if (!box) throw new Error('the chart has no plotting area');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(legend).toContainText(/loss \(20 points\).*; at step \d+: 0\.\d+/);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByText(/^Zoomed to steps \d+–\d+$/)).toBeVisible();
  await expect(legend).not.toContainText('(20 points)');
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(legend).toContainText('loss (20 points)');
  await page.getByLabel('Log scale').check();
  await expect(page.getByRole('slider', { name: 'Smoothing of Chart of accuracy, loss by step' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Chart of accuracy, loss by step' }).locator('canvas')).toBeVisible();
  await page.getByRole('button', { name: 'By time' }).click();
  await expect(page.getByRole('img', { name: 'Chart of accuracy, loss by time' })).toBeVisible();
  await page.getByRole('button', { name: 'One per metric' }).click();
  await expect(page.getByRole('img', { name: 'Chart of loss by time' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Chart of accuracy by time' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Metric summaries' })).toContainText('loss0.050.051');

  await page.getByRole('tab', { name: 'System and git' }).click();
  await expect(page.getByLabel('System details')).toContainText('trainer-7');
  await expect(page.getByLabel('Installed packages')).toHaveText('torch==2.5.0');
  await expect(page.getByLabel('Git metadata')).toContainText('feature/augment');
  await page.getByRole('tab', { name: 'Output' }).click();
  await expect(page.getByLabel('Output lines')).toHaveText('epoch 1 done\n');
  await page.getByRole('tab', { name: 'Code' }).click();
  await expect(page.getByLabel('Source code')).toHaveText('print("train")');

  const title = await page.title();
  await page.getByRole('tab', { name: 'HTML' }).click();
  const frame = page.locator('iframe[title="Logged HTML"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe[title="Logged HTML"]').locator('h1')).toHaveText('Report');
  expect(await page.title()).toBe(title);
  expect(await page.locator('h1#t').count()).toBe(0);
});

test('renames, tags, archives, restores and deletes from the experiment page', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'vision');
  const [experimentKey = ''] = await seedExperiments(shell, 'vision', ['draft']);
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await page.goto(`${shell.origin}/#/experiments/${experimentKey}`);

  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('dialog', { name: 'Rename experiment' }).getByLabel('Experiment name').fill('final');
  await page.getByRole('dialog', { name: 'Rename experiment' }).getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { name: 'final' })).toBeVisible();

  await page.getByRole('button', { name: 'Add tags' }).click();
  await page.getByRole('dialog', { name: 'Add tags' }).getByLabel('Tags').fill('release');
  await page.getByRole('dialog', { name: 'Add tags' }).getByRole('button', { name: 'Add tags' }).click();
  await expect(page.getByRole('list', { name: 'Tags' })).toHaveText('release');

  await page.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog', { name: 'Archive “final”?' }).getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  expect((await callService(shell, 'getExperimentMetadata', { query: { experimentKey } })).archived).toBe(true);
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('button', { name: 'Archive' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete “final”?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`#/projects/${projectId}$`));
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();
  const trash = await callService(shell, 'listTrashedExperiments', { query: { workspaceName: 'admin' } });
  expect(trash.experiments.map((experiment) => experiment.experimentKey)).toEqual([experimentKey]);
});
