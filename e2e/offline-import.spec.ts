import { readFile } from 'node:fs/promises';
import { expect, invokeInPage, test } from './fixtures.ts';

const ARCHIVE = new URL('../server/test/fixtures/sdk-offline/offline-run.zip', import.meta.url).pathname;

test('offline archives picked in the page are imported into the local service, each with its result (issue 42)', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.getByRole('button', { name: 'Local service running' }).click();
  const panel = page.getByRole('dialog', { name: 'Local service' });
  await expect(panel.getByRole('switch', { name: 'Start at login' })).toBeVisible();
  await panel.getByRole('button', { name: 'Import offline runs…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Import offline runs' });
  await expect(dialog).toContainText('the desktop app can watch a folder');
  await dialog.getByLabel('Offline archives').setInputFiles([
    { name: 'offline-run.zip', mimeType: 'application/zip', buffer: await readFile(ARCHIVE) },
    { name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') },
    { name: 'again.zip', mimeType: 'application/zip', buffer: await readFile(ARCHIVE) },
  ]);
  const results = dialog.getByRole('list', { name: 'Archives imported' });
  await expect(results.getByRole('listitem', { name: 'offline-run.zip' })).toContainText('Imported: run 5710dae57 in project offline-demo');
  await expect(results.getByRole('listitem', { name: 'notes.zip' })).toContainText('Failed: Not an offline run archive the SDK wrote: it is not a zip file.');
  await expect(results.getByRole('listitem', { name: 'again.zip' })).toContainText('Already imported: run 5710dae57 in project offline-demo');

  const metadata = await invokeInPage(page, 'api.call', { endpoint: 'getExperimentMetadata', query: { experimentKey: '5710dae57ad443efb51373e180da6985' } });
  expect(metadata).toMatchObject({ ok: true, data: { projectName: 'offline-demo', experimentName: 'offline-run', running: false } });
});
