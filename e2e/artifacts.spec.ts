import { expect, test } from './fixtures.ts';
import { consumeArtifact, logArtifact, startRun } from './helpers/artifact-seed.ts';
import { downloadedText, seedPromotion } from './helpers/governance-seed.ts';
import type { Download } from '@playwright/test';

// A seeded registry, an SDK-logged artifact and four downloads against a fresh shell and service: longer than a minute on 2 cores.
test.slow();

/** Whether a zip (its entries stored, not compressed, as the service streams them) holds each file's name and bytes. */
function zipHolds(zip: Buffer, files: Record<string, string>): boolean {
  return zip.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')) && Object.entries(files).every(([name, text]) => zip.includes(Buffer.from(name)) && zip.includes(Buffer.from(text)));
}

/** The bytes of a file the page offered as a download. */
async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test('an artifact logged through the SDK shows its versions, files and lineage, takes an alias, and downloads; a registry version downloads as a zip', async ({ page, shell }) => {
  const { service } = await seedPromotion(page, shell);
  const producer = await startRun(service, 'artifact-producers');
  const files = { 'train.csv': 'a,b\n1,2\n', 'labels/classes.txt': 'cat\ndog\n' };
  await logArtifact(service, producer, { name: 'pets', type: 'dataset', alias: ['candidate'], files, remote: ['s3://bucket/pets/raw.parquet'] });
  const consumer = await startRun(service, 'artifact-consumers');
  await consumeArtifact(service, consumer, 'pets');

  // The workspace's list, filtered by type and name.
  await page.getByRole('link', { name: 'Artifacts', exact: true }).click();
  const list = page.getByRole('table', { name: 'Artifacts' });
  await expect(list.getByRole('row', { name: /pets/ })).toContainText('dataset1.0.01candidate');
  await page.getByLabel('Filter by name').fill('nothing');
  await expect(page.getByText('No artifact matches the filter.')).toBeVisible();
  await page.getByLabel('Filter by name').fill('pe');
  await list.getByRole('link', { name: 'pets' }).click();

  // Its page: the version, its files (the remote one by its URI), and its lineage with links to both runs.
  await expect(page.getByRole('heading', { name: 'pets', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Versions' }).getByRole('row', { name: /1\.0\.0/ })).toContainText('CLOSEDcandidateraw');
  const fileTable = page.getByRole('table', { name: 'Files of version 1.0.0' });
  await expect(fileTable).toContainText('train.csv');
  await expect(fileTable.getByRole('row', { name: /raw\.parquet/ })).toContainText('s3://bucket/pets/raw.parquet');
  await expect(fileTable.getByRole('button', { name: 'Download raw.parquet' })).toHaveCount(0);
  const lineage = page.getByRole('img', { name: 'Lineage of version 1.0.0' });
  await expect(lineage.getByRole('link', { name: /\(artifact-consumers\)$/ })).toBeVisible();
  await lineage.getByRole('link', { name: /\(artifact-producers\)$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/experiments/${producer}$`));
  await page.getByRole('tab', { name: 'Artifacts' }).click();
  await page.getByRole('table', { name: 'Artifacts produced' }).getByRole('link', { name: 'pets' }).click();

  // An alias the service refuses (too long): its message beside the form, the text typed kept; then an alias added.
  const aliases = page.getByRole('textbox', { name: 'Aliases' });
  const tooLong = `candidate, ${'x'.repeat(201)}`;
  await aliases.fill(tooLong);
  await page.getByRole('button', { name: 'Save labels' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'alias' })).toBeVisible();
  await expect(aliases).toHaveValue(tooLong);
  await aliases.fill('candidate, prod');
  await page.getByRole('button', { name: 'Save labels' }).click();
  await expect(page.getByRole('table', { name: 'Versions' }).getByRole('row', { name: /1\.0\.0/ })).toContainText('candidateprod');
  // The artifact's own tags.
  await page.getByRole('textbox', { name: 'Artifact tags' }).fill('curated, pets');
  await page.getByRole('button', { name: 'Save artifact tags' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the tags of pets.' })).toBeVisible();
  // A state change on the CLOSED version is refused beside its control.
  await page.getByRole('combobox', { name: 'New state' }).click();
  await page.getByRole('option', { name: 'ERROR' }).click();
  await page.getByRole('button', { name: 'Set state' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'is CLOSED: it cannot be changed any more' })).toBeVisible();

  // One file, then the whole version as a zip.
  const [one] = await Promise.all([page.waitForEvent('download'), fileTable.getByRole('button', { name: 'Download train.csv' }).click()]);
  expect(await downloadedText(Promise.resolve(one))).toEqual({ name: 'train.csv', text: files['train.csv'] });
  const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download version 1.0.0 (zip)' }).click()]);
  expect(zip.suggestedFilename()).toBe('pets_1.0.0.zip');
  expect(zipHolds(await downloadedBytes(zip), files)).toBe(true);

  // A registry model version's files as a zip, from its page.
  await page.goto(`${shell.origin}/#/registry/classifier/2.0.0`);
  const [model] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download version 2.0.0 (zip)' }).click()]);
  expect(model.suggestedFilename()).toBe('classifier_2.0.0.zip');
  expect(zipHolds(await downloadedBytes(model), { 'weights.bin': 'weights of classifier from run-2' })).toBe(true);
});
