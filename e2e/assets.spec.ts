import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { expect, test, type ShellUnderTest } from './fixtures.ts';
import { callService, seedExperiments } from './experiments-seed.ts';
import { openApp } from './projects-api.ts';

/** A valid 1×1 PNG, so the preview really renders. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const BIG_SIZE = 6 * 1024 * 1024;

/** Opens the app on a fresh experiment's Assets tab; answers its key. */
async function openAssets(page: Page, shell: ShellUnderTest): Promise<string> {
  await openApp(page, shell.url);
  const [experimentKey = ''] = await seedExperiments(shell, 'vision', ['run-1']);
  await page.goto(`${shell.origin}/#/experiments/${experimentKey}`);
  await page.getByRole('tab', { name: 'Assets' }).click();
  await expect(page.getByRole('heading', { name: 'Assets' })).toBeVisible();
  return experimentKey;
}

/** Limits what the page can send per second (Chromium's own network throttling), so an upload is still running when cancelled. */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

const assetsOf = async (shell: ShellUnderTest, experimentKey: string) => (await callService(shell, 'listAssets', { query: { experimentKey } })).assets;
const uploadRow = (page: Page, fileName: string) => page.getByRole('list', { name: 'Upload queue' }).getByRole('listitem', { name: fileName });
const assetRow = (page: Page, fileName: string) => page.getByRole('table', { name: 'Assets' }).getByRole('row', { name: fileName });

test('upload several files with progress and settings, cancel one, tag them inline and as a selection, delete one', async ({ page, shell }) => {
  const experimentKey = await openAssets(page, shell);
  await page.getByRole('button', { name: 'Upload settings' }).click();
  await page.getByLabel('Step').fill('5');
  await page.getByLabel('Context').fill('train');
  await page.getByLabel('Metadata (JSON object)').fill('{"camera": 2}');
  await throttleUploads(page, 512 * 1024);
  await page.getByLabel('Choose files to upload').setInputFiles([
    { name: 'cat.png', mimeType: 'image/png', buffer: PNG },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('loss went down\n') },
    { name: 'big.bin', mimeType: 'application/octet-stream', buffer: randomBytes(BIG_SIZE) },
  ]);

  const big = uploadRow(page, 'big.bin');
  await expect(big.getByRole('progressbar', { name: 'Upload progress of big.bin' })).toHaveAttribute('aria-valuenow', /^[1-9]\d?$/);
  await expect(big).toContainText(/of 6 MB · [\d.]+ (KB|MB)\/s · \d+ s left/);
  await big.getByRole('button', { name: 'Cancel upload of big.bin' }).click();
  await expect(big).toContainText('Cancelled; nothing was kept');
  await expect(big.getByRole('button', { name: 'Retry upload of big.bin' })).toBeVisible();
  await expect(uploadRow(page, 'cat.png')).toContainText(`Uploaded (${PNG.length} B)`);
  await expect(uploadRow(page, 'notes.txt')).toContainText('Uploaded (15 B)');
  await throttleUploads(page, -1);

  const cat = assetRow(page, 'cat.png');
  await expect(cat).toContainText('image');
  await expect(cat).toContainText('train');
  await expect(cat.getByRole('img', { name: 'Preview of cat.png' })).toBeVisible();
  await expect(assetRow(page, 'notes.txt')).toContainText('asset');
  await expect(assetRow(page, 'big.bin')).toHaveCount(0);
  const stored = await assetsOf(shell, experimentKey);
  expect(stored.map((asset) => asset.fileName).sort()).toEqual(['cat.png', 'notes.txt']);
  expect(stored.every((asset) => asset.step === 5 && asset.runContext === 'train' && asset.metadata === '{"camera": 2}')).toBe(true);

  await cat.getByRole('button', { name: 'Add tags to cat.png' }).click();
  await cat.getByLabel('New tags for cat.png').fill('best, v1');
  await cat.getByLabel('New tags for cat.png').press('Enter');
  await expect(cat.getByRole('button', { name: 'Remove tag v1 from cat.png' })).toBeVisible();
  await cat.getByRole('button', { name: 'Remove tag v1 from cat.png' }).click();
  await expect(cat.getByRole('button', { name: 'Remove tag v1 from cat.png' })).toHaveCount(0);
  await expect(cat.getByRole('button', { name: 'Remove tag best from cat.png' })).toBeVisible();

  await page.getByLabel('Select the assets on this page').check();
  const bar = page.getByRole('toolbar', { name: 'Actions on the selected assets' });
  await expect(bar).toContainText('2 assets selected');
  await bar.getByRole('button', { name: 'Add tags…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add tags to 2 assets' });
  await dialog.getByLabel('Tags').fill('reviewed');
  await dialog.getByLabel('Tags').press('Enter');
  await dialog.getByRole('button', { name: 'Add tags' }).click();
  await expect(dialog).toBeHidden();
  await expect(assetRow(page, 'notes.txt').getByRole('button', { name: 'Remove tag reviewed from notes.txt' })).toBeVisible();
  const tagged = await assetsOf(shell, experimentKey);
  expect(Object.fromEntries(tagged.map((asset) => [asset.fileName, asset.tags.sort()]))).toEqual({ 'cat.png': ['best', 'reviewed'], 'notes.txt': ['reviewed'] });

  await assetRow(page, 'notes.txt').getByRole('button', { name: 'Delete notes.txt' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete “notes.txt”?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Deleted “notes.txt”.' })).toBeVisible();
  await expect(assetRow(page, 'notes.txt')).toHaveCount(0);
  expect((await assetsOf(shell, experimentKey)).map((asset) => asset.fileName)).toEqual(['cat.png']);
});

test('tags typed in the upload settings are on the uploaded asset', async ({ page, shell }) => {
  const experimentKey = await openAssets(page, shell);
  await page.getByRole('button', { name: 'Upload settings' }).click();
  await page.getByRole('textbox', { name: 'Tags' }).fill('best, v1');
  await page.getByLabel('Choose files to upload').setInputFiles([{ name: 'cat.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(uploadRow(page, 'cat.png')).toContainText(`Uploaded (${PNG.length} B)`);
  await expect(assetRow(page, 'cat.png').getByRole('button', { name: 'Remove tag v1 from cat.png' })).toBeVisible();
  expect((await assetsOf(shell, experimentKey)).map((asset) => [asset.fileName, [...asset.tags].sort()])).toEqual([['cat.png', ['best', 'v1']]]);
});

test('a file the service refuses shows its message, is never listed as uploaded, and can be retried', async ({ page, shell }) => {
  const experimentKey = await openAssets(page, shell);
  await page.getByRole('button', { name: 'Upload settings' }).click();
  await page.getByRole('combobox', { name: 'Type' }).fill('model-element');
  await page.getByLabel('Choose files to upload').setInputFiles([{ name: 'weights.bin', mimeType: 'application/octet-stream', buffer: randomBytes(4096) }]);
  const row = uploadRow(page, 'weights.bin');
  await expect(row.getByRole('alert')).toHaveText('Failed: A model file needs the model name (the query field "groupingName" for type=model-element): log models from the training script with log_model(name, path), or upload with another type.');
  await expect(row).not.toContainText('Uploaded');
  await expect(page.getByText('No assets yet: upload files above or add remote ones.')).toBeVisible();
  expect(await assetsOf(shell, experimentKey)).toEqual([]);

  await row.getByRole('button', { name: 'Retry upload of weights.bin' }).click();
  await expect(row.getByRole('alert')).toContainText('groupingName');
  await row.getByRole('button', { name: 'Remove weights.bin from the upload list' }).click();
  await expect(row).toHaveCount(0);
  expect(await assetsOf(shell, experimentKey)).toEqual([]);
});

test('an upload goes on while the user is elsewhere; remote assets, the type filter and a download', async ({ page, shell }) => {
  const experimentKey = await openAssets(page, shell);
  await throttleUploads(page, 512 * 1024);
  const bytes = randomBytes(3 * 1024 * 1024);
  await page.getByLabel('Choose files to upload').setInputFiles([{ name: 'episode.mp4', mimeType: 'video/mp4', buffer: bytes }]);
  await expect(uploadRow(page, 'episode.mp4').getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^[1-9]\d?$/);
  await page.getByRole('link', { name: 'vision' }).click();
  await expect(page.getByRole('heading', { name: /vision/ })).toBeVisible();
  await expect.poll(async () => (await assetsOf(shell, experimentKey)).map((asset) => asset.fileName), { timeout: 30_000 }).toEqual(['episode.mp4']);
  await throttleUploads(page, -1);
  await page.goBack();
  await page.getByRole('tab', { name: 'Assets' }).click();
  await expect(uploadRow(page, 'episode.mp4')).toContainText('Uploaded (3 MB)');
  await expect(assetRow(page, 'episode.mp4')).toContainText('video');

  await page.getByRole('button', { name: 'Add remote assets…' }).click();
  const remote = page.getByRole('dialog', { name: 'Add remote assets' });
  await remote.getByLabel('Addresses').fill('not a url');
  await remote.getByRole('button', { name: 'Add' }).click();
  await expect(remote.getByText('“not a url” is not an absolute address')).toBeVisible();
  await remote.getByLabel('Addresses').fill('s3://bucket/cats/tabby.png\ngs://bucket/cats/siamese.png');
  await remote.getByLabel('Type').fill('image');
  await remote.getByRole('button', { name: 'Add' }).click();
  await expect(remote).toBeHidden();
  await expect(assetRow(page, 'tabby.png')).toContainText('s3://bucket/cats/tabby.png');
  await expect(assetRow(page, 'tabby.png').getByRole('button', { name: 'Download tabby.png' })).toBeDisabled();

  const filter = page.getByRole('group', { name: 'Asset type' });
  await filter.getByRole('button', { name: 'Images' }).click();
  await expect(page.getByText('2 assets')).toBeVisible();
  await expect(assetRow(page, 'episode.mp4')).toHaveCount(0);
  await filter.getByRole('button', { name: 'Audio' }).click();
  await expect(page.getByText('No assets of this type.')).toBeVisible();
  await filter.getByRole('button', { name: 'Videos' }).click();

  const download = page.waitForEvent('download');
  await assetRow(page, 'episode.mp4').getByRole('button', { name: 'Download episode.mp4' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('episode.mp4');
  const stream = await saved.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

  const episodeId = (await assetsOf(shell, experimentKey)).find((asset) => asset.fileName === 'episode.mp4')?.assetId ?? '';
  await callService(shell, 'deleteAsset', { query: { experimentKey, assetId: episodeId } });
  await assetRow(page, 'episode.mp4').getByRole('button', { name: 'Download episode.mp4' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not download episode.mp4' })).toContainText(`No asset with assetId "${episodeId}"`);
});
