import { expect, test } from './fixtures.ts';
import { callDirect, embeddedServiceAccess, seedExperimentModel } from './helpers/registry-seed.ts';

test('a logged model’s row on the run’s page registers it, with the run’s model preselected and its name prefilled', async ({ page, shell }) => {
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  const service = await embeddedServiceAccess(shell);
  const { experimentKey, experimentModelId } = await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-1', modelName: 'classifier' });

  await page.goto(`${shell.origin}/#/experiments/${experimentKey}`);
  await page.getByRole('tab', { name: 'Assets' }).click();
  await page.getByRole('row', { name: 'weights.bin' }).getByRole('button', { name: 'Register model classifier' }).click();
  const register = page.getByRole('dialog', { name: 'Register a model' });
  await expect(register.getByRole('textbox', { name: 'Experiment model' })).toHaveValue(`classifier of run ${experimentKey.slice(0, 8)}`);
  await expect(register.getByRole('textbox', { name: 'Registry model name' })).toHaveValue('classifier');
  await register.getByRole('button', { name: 'Register model' }).click();
  await expect(register).toBeHidden();

  const details = await callDirect(service, 'registryModelDetails', { query: { workspaceName: 'admin', modelName: 'classifier' } });
  const versions = details.versions as { version: string }[];
  expect(versions.map((version) => version.version)).toEqual(['1.0.0']);
  const models = await callDirect(service, 'listExperimentModels', { query: { experimentKey } });
  expect(models.models).toEqual([expect.objectContaining({ experimentModelId, registryRecords: [expect.objectContaining({ registryModelName: 'classifier', version: '1.0.0' })] })]);
});

test('the register dialog’s experiment picker marks the runs that logged a model', async ({ page, shell }) => {
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  const service = await embeddedServiceAccess(shell);
  await seedExperimentModel(service, { projectName: 'vision', experimentName: 'with-model', modelName: 'classifier' });
  await callDirect(service, 'createExperiment', { body: { workspaceName: 'admin', projectName: 'vision', experimentName: 'no-model' } });

  await page.getByRole('link', { name: 'Registry' }).click();
  await page.getByRole('button', { name: 'Register a model' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register a model' });
  await dialog.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'vision' }).click();
  await dialog.getByRole('combobox', { name: 'Experiment', exact: true }).click();
  await expect(page.getByRole('option', { name: /^with-model / })).toContainText('logged a model');
  await expect(page.getByRole('option', { name: /^no-model / })).not.toContainText('logged a model');
});
