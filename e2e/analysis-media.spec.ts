import type { Locator, Page } from '@playwright/test';
import { replaySdkMedia, type SdkMediaAsset } from '../server/test/support/sdk-media-replay.ts';
import { expect, test } from './fixtures.ts';
import { callService, seedProject } from './experiments-seed.ts';
import { ScriptClient, scriptSettingsFromApp } from './script-client.ts';

// Two replayed runs, a sign-in free shell and several panels on 2 cores: longer than the default minute.
test.slow();

/** A script logging with the key the app made: the service's address, its key, and its REST client. */
interface Script {
  url: string;
  apiKey: string;
  client: ScriptClient;
}

/** Project `media` open in the app, and a script logging into it. */
async function openMediaProject(page: Page, shell: Parameters<typeof seedProject>[0]): Promise<{ projectId: string; script: Script }> {
  const projectId = await seedProject(shell, 'media');
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  const settings = await scriptSettingsFromApp(shell);
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();
  return { projectId, script: { url: new URL(settings.url).origin, apiKey: settings.apiKey, client: new ScriptClient(settings) } };
}

/** The real SDK's media run replayed into project `media` with the script key, keeping the assets `only` lets through; named `name`. */
async function replayRun(script: Script, name: string, only: (asset: SdkMediaAsset) => boolean): Promise<string> {
  const experimentKey = await replaySdkMedia({ url: script.url, apiKey: script.apiKey, workspace: 'admin' }, 'media', only);
  await script.client.ok('logOther', { body: { experimentKey, key: 'Name', value: name } });
  return experimentKey;
}

/** Adds a panel of the analysis view by its label in the "Add panel" menu; answers its region. */
async function addPanel(page: Page, label: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add panel' }).click();
  await page.getByRole('menuitem', { name: new RegExp(label) }).click();
  return page.getByRole('region', { name: label });
}

/** Each column's run name and the step of the image it shows, left to right. */
const columnsOf = (panel: Locator) =>
  panel.locator('figure').evaluateAll((figures) => figures.map((figure) => `${figure.querySelector('figcaption')?.textContent ?? ''}@${figure.getAttribute('data-step') ?? ''}`));

test("two runs' images side by side with one step slider, their curves overlaid, kept in a saved view, following a new run", async ({ page, shell }) => {
  const { projectId, script } = await openMediaProject(page, shell);
  const isImage = (asset: SdkMediaAsset) => asset.type === 'image';
  const charts = new Set(['curve', 'confusion-matrix', 'histogram3d']);
  const full = await replayRun(script, 'full', (asset) => isImage(asset) || charts.has(asset.type));
  const early = await replayRun(script, 'early', (asset) => (isImage(asset) && (asset.step ?? 0) <= 1) || charts.has(asset.type));
  // A view someone saved with an images panel of a name these runs never logged.
  const panels = [{ id: 'm1', kind: 'media-images', settings: { name: 'masks', step: null, groupBy: '', groupAs: 'rows' } }];
  await callService(shell, 'createAnalysisView', { body: { projectId, name: 'masks', state: { panels, table: { query: '', columns: [], sort: null } } } });

  await page.getByRole('link', { name: 'Analysis' }).click();
  const images = await addPanel(page, 'Images side by side');
  const imagesState = images.getByTestId('images-panel');
  await expect(imagesState).toHaveAttribute('data-state', 'ready');
  await expect(images.getByRole('combobox', { name: 'Image' })).toHaveText(/sample \(2 runs\)/);
  // Latest: each run's own last image (the early run stopped at step 1), both runs as columns, names on top.
  await expect(images.getByTestId('media-step')).toHaveText('Step 2');
  await expect.poll(() => columnsOf(images)).toEqual(['full@2', 'early@1']);
  await expect(images.getByRole('img', { name: 'full at step 2' })).toBeVisible();
  await expect(images.getByRole('img', { name: 'early at step 1' })).toBeVisible();

  // One slider moves both runs' images.
  const slider = images.getByRole('slider', { name: 'Step' });
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(images.getByTestId('media-step')).toHaveText('Step 1');
  await expect.poll(() => columnsOf(images)).toEqual(['full@1', 'early@1']);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => columnsOf(images)).toEqual(['full@0', 'early@0']);
  await expect(images.getByRole('img', { name: 'full at step 0' })).toBeVisible();
  await expect(images.getByRole('img', { name: 'early at step 0' })).toBeVisible();

  // The curves panel: one line per run, each the points the SDK logged.
  const curves = await addPanel(page, 'Curves overlaid');
  const curvesState = curves.getByTestId('curves-panel');
  await expect(curvesState).toHaveAttribute('data-state', 'ready');
  await expect(curvesState).toHaveAttribute('data-name', 'roc');
  await expect(curvesState).toHaveAttribute('data-lines', '2');
  for (const key of [full, early]) await expect(curves.locator(`polyline[data-run="${key}"]`)).toHaveAttribute('data-points', '0,0 0.1,0.6 0.3,0.9 1,1');
  await expect(curves.getByRole('list', { name: 'Curves by run' })).toContainText('full · step 2 · AUC 0.845');

  // Confusion matrices side by side, with their difference (the same matrix: all zeros); histograms per run at their latest step.
  const matrices = await addPanel(page, 'Confusion matrices side by side');
  await expect(matrices.getByTestId('confusion-panel')).toHaveAttribute('data-matrices', '2');
  const fullMatrix = matrices.getByRole('table', { name: 'confusion-matrix-val.json of full' });
  await expect(fullMatrix.locator('tbody tr').first()).toHaveText('cat820');
  await expect(fullMatrix.locator('[data-cell="1,2"]')).toHaveText('2');
  await expect(matrices.getByRole('table', { name: 'full minus early' }).locator('tbody td')).toHaveText(Array.from({ length: 9 }, () => '0'));
  const histograms = await addPanel(page, 'Histograms');
  await expect(histograms.getByTestId('histograms-panel')).toHaveAttribute('data-histograms', '2');
  await expect(histograms.getByRole('figure', { name: 'full' })).toContainText('full · step 1 · 8 values');
  await page.getByRole('button', { name: 'Remove Confusion matrices side by side' }).click();
  await page.getByRole('button', { name: 'Remove Histograms' }).click();

  // Saved as a view: the panels' settings go with it and come back after a local change.
  await page.getByRole('button', { name: 'Save as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as a new view' });
  await dialog.getByRole('textbox', { name: 'View name' }).fill('media');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByTestId('current-view')).toHaveText('View: media');
  const viewId = new URL(page.url().replace('#/', '')).searchParams.get('view') ?? '';
  const saved = await callService(shell, 'getAnalysisView', { query: { viewId } });
  expect(saved.state.panels.map((panel) => [panel.kind, panel.settings])).toEqual([
    ['media-images', { name: 'sample', step: 0, groupBy: '', groupAs: 'rows' }],
    ['media-curves', { name: 'roc', step: null }],
  ]);
  await images.getByRole('button', { name: 'Latest' }).click();
  await expect.poll(() => columnsOf(images)).toEqual(['full@2', 'early@1']);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: /media/ }).click();
  await expect(images.getByTestId('media-step')).toHaveText('Step 0');
  await expect.poll(() => columnsOf(images)).toEqual(['full@0', 'early@0']);
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  // A run that logs while the view is open gains its column.
  await replayRun(script, 'late', (asset) => isImage(asset) && asset.step === 0);
  await expect.poll(() => columnsOf(images), { timeout: 15_000 }).toEqual(['full@0', 'early@0', 'late@0']);

  // A saved images panel of a name no run of the selection logged says so.
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: /masks/ }).click();
  await expect(page.getByRole('region', { name: 'Images side by side' })).toContainText('No run in the selection logged an image named “masks”.');
});
