import { expect, test } from './fixtures.ts';
import { callDirect, embeddedServiceAccess, seedExperimentModel } from './helpers/registry-seed.ts';

test('the open Registry screen and model page show models and versions registered elsewhere, without navigating (issue 33)', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const service = await embeddedServiceAccess(shell);
  const first = await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-1', modelName: 'classifier' });
  const second = await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-2', modelName: 'classifier' });
  await page.getByRole('link', { name: 'Registry' }).click();
  await expect(page.getByLabel('Model count')).toHaveText('0 registered models');

  // Registered as the SDK does it, while the screen is open.
  await callDirect(service, 'createRegistryModel', { body: { experimentModelId: first.experimentModelId, registryModelName: 'from-sdk', version: '1.0.0' } });
  await expect(page.getByRole('link', { name: 'from-sdk' })).toBeVisible();
  await expect(page.getByLabel('Model count')).toHaveText('1 registered model');

  await page.getByRole('link', { name: 'from-sdk' }).click();
  await expect(page.getByRole('heading', { name: 'from-sdk' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Versions' }).getByRole('cell', { name: '2.0.0', exact: true })).toHaveCount(0);
  await callDirect(service, 'createRegistryModelVersion', { body: { experimentModelId: second.experimentModelId, registryModelName: 'from-sdk', version: '2.0.0' } });
  await expect(page.getByRole('table', { name: 'Versions' }).getByRole('cell', { name: '2.0.0', exact: true })).toBeVisible();
});
