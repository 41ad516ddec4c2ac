import { expect, test } from './fixtures.ts';
import { replaySdkMedia } from '../server/test/support/sdk-media-replay.ts';
import { scriptSettingsFromApp, type ScriptSettings } from './script-client.ts';
import type { Page } from '@playwright/test';
import type { ShellUnderTest } from './fixtures.ts';

/** Replays the real SDK's media run into the app's local service with the key the app makes for scripts; opens the run's page. */
async function openReplayedRun(page: Page, shell: ShellUnderTest): Promise<{ experimentKey: string; settings: ScriptSettings }> {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const settings = await scriptSettingsFromApp(shell);
  const experimentKey = await replaySdkMedia({ url: new URL(settings.url).origin, apiKey: settings.apiKey }, 'media-av');
  await page.goto(`${shell.origin}/#/experiments/${experimentKey}`);
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  return { experimentKey, settings };
}

/** The cells of a table's data rows, each row's cell texts joined by a space. */
const dataRows = (page: Page, name: string) => page.getByRole('table', { name }).getByRole('row').filter({ has: page.getByRole('cell') });

test("a run logged by the real SDK shows its table, text sample, audio and video", async ({ page, shell }) => {
  await openReplayedRun(page, shell);
  await expect(page.getByRole('tab')).toHaveText([
    'Overview', 'Metrics', 'Assets', 'Artifacts', 'Images', 'Confusion matrices', 'Histograms', 'Curves', 'Audio', 'Video', 'Text', 'Tables', 'System and git', 'Output', 'Code', 'HTML',
  ]);

  // An Assets row of a kind a tab shows links to that tab, on its name and step; Back returns to the Assets tab.
  await page.getByRole('tab', { name: 'Assets' }).click();
  await page.getByRole('link', { name: 'Show table.csv in Tables' }).click();
  await expect(page.getByRole('tab', { name: 'Tables' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/section=Tables&name=table\.csv&step=1/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Assets' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('link', { name: 'Show sample in Images' }).first().click();
  await expect(page.getByRole('tab', { name: 'Images' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Tables' }).click();
  const rows = dataRows(page, 'Table table.csv');
  await expect(rows).toHaveCount(10);
  await expect(rows.first().getByRole('cell')).toHaveText(['0', '1.000', '0.00']);
  await expect(page.getByRole('status', { name: 'Rows shown' })).toHaveText('10 rows');
  await page.getByLabel('Filter rows').fill('0.5');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('In column').click();
  await page.getByRole('option', { name: 'acc' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('cell')).toHaveText(['5', '0.167', '0.50']);
  await expect(page.getByRole('status', { name: 'Rows shown' })).toHaveText('1 row match');
  await page.getByLabel('Filter rows').fill('');
  await page.getByRole('button', { name: 'Sort by loss' }).click();
  await expect(rows).toHaveCount(10);
  await expect(rows.first().getByRole('cell')).toHaveText(['9', '0.100', '0.90']);
  await page.getByRole('button', { name: 'Sort by loss' }).click();
  await expect(rows.first().getByRole('cell')).toHaveText(['0', '1.000', '0.00']);
  await expect(page.getByRole('columnheader', { name: 'Sort by loss' })).toHaveAttribute('aria-sort', 'descending');

  await page.getByRole('tab', { name: 'Text' }).click();
  const sample = page.getByRole('listitem', { name: 'Text sample at step 1' });
  await expect(sample.getByLabel('Text')).toHaveText('the quick brown fox predicted: dog');
  await expect(sample.getByLabel('Metadata')).toHaveText('labelcat');
  await page.getByLabel('Search the text samples').fill('FOX');
  await expect(page.getByText('1 of 1 text samples')).toBeVisible();
  await page.getByLabel('Search the text samples').fill('zebra');
  await expect(page.getByText('0 of 1 text samples')).toBeVisible();

  await page.getByRole('tab', { name: 'Audio' }).click();
  const audio = page.getByRole('listitem', { name: 'Audio tone.wav at step 1' });
  await expect(audio.getByLabel('Audio format')).toHaveText('Duration 1.00 s · sample rate 8000 Hz · mono · 16-bit');
  await expect(audio.getByRole('img', { name: 'Waveform of tone.wav' })).toBeVisible();
  await expect(audio.getByLabel('Metadata')).toHaveText('speakersynthetic');
  await expect(audio.getByLabel('Play tone.wav')).toHaveJSProperty('error', null);
  await expect.poll(() => audio.getByLabel('Play tone.wav').evaluate((element: HTMLAudioElement) => element.duration)).toBe(1);

  await page.getByRole('tab', { name: 'Video' }).click();
  const video = page.getByRole('listitem', { name: 'Video clip.mp4 at step 1' });
  await expect(video.getByRole('alert')).toHaveText(/^Cannot play this video/);
  await expect(video.getByRole('button', { name: 'Download clip.mp4' })).toBeVisible();
});

test('logged HTML and an SVG image never run their scripts in the app', async ({ page, shell }) => {
  const { experimentKey, settings } = await openReplayedRun(page, shell);
  const root = new URL(settings.url).origin;
  const html = '<p id="p">Report</p><script>window.htmlScriptRan = true; parent.htmlScriptRan = true;</script><img src="x" onerror="window.onerrorRan = true; parent.onerrorRan = true">' +
    '<svg onload="window.svgInHtmlRan = true; parent.svgInHtmlRan = true"><script>parent.svgScriptRan = true</script></svg>';
  const logged = await fetch(`${root}/api/rest/v2/write/experiment/html`, { method: 'POST', headers: { Authorization: settings.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ experimentKey, html, override: true }) });
  expect(logged.status).toBe(200);
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" onload="top.svgOnloadRan = true"><script>top.svgScriptRan = true</script><rect width="8" height="8"/></svg>';
  const form = new FormData();
  form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'evil.svg');
  const uploaded = await fetch(`${root}/api/rest/v2/write/experiment/upload-asset?experimentKey=${experimentKey}&fileName=evil.svg&type=image`, { method: 'POST', headers: { Authorization: settings.apiKey }, body: form });
  expect(uploaded.status).toBe(200);
  const ran = ['htmlScriptRan', 'onerrorRan', 'svgInHtmlRan', 'svgScriptRan', 'svgOnloadRan'];
  const globals = () => page.evaluate((names) => names.filter((name) => (window as unknown as Record<string, unknown>)[name] !== undefined), ran);

  await page.getByRole('tab', { name: 'HTML' }).click();
  const frame = page.frameLocator('iframe[title="Logged HTML"]');
  await expect(frame.locator('#p')).toHaveText('Report');
  await expect(page.locator('iframe[title="Logged HTML"]')).toHaveAttribute('sandbox', '');
  const inside = page.frames().find((each) => each !== page.mainFrame());
  expect(await inside?.evaluate((names) => names.filter((name) => (window as unknown as Record<string, unknown>)[name] !== undefined), ran)).toEqual([]);

  await page.getByRole('tab', { name: 'Assets' }).click();
  await page.getByRole('button', { name: 'Show evil.svg larger' }).click();
  const large = page.getByRole('dialog', { name: 'evil.svg' }).getByRole('img', { name: 'evil.svg' });
  // Once the image is decoded, any script it could run has had its chance.
  await expect.poll(() => large.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(8);
  expect(await globals()).toEqual([]);
});
