import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { callDirect, embeddedServiceAccess, seedExperimentModel } from './helpers/registry-seed.ts';
import { startWebhookReceiver } from './helpers/webhook-receiver.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

async function openReady(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-app-state="ready"]').waitFor();
}

/** Picks project, experiment and experiment model in the open version dialog. */
async function pickSource(page: Page, experimentName: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'vision' }).click();
  await dialog.getByRole('combobox', { name: 'Experiment', exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${experimentName} `) }).click();
  await dialog.getByRole('combobox', { name: 'Experiment model' }).click();
  await page.getByRole('option', { name: /^classifier/ }).click();
}

test('register a model, add a version, promote to staging then move production; the receiver gets one notification per change', async ({ page, shell }) => {
  const receiver = await startWebhookReceiver('registry');
  try {
    await openReady(page, shell.url);
    const service = await embeddedServiceAccess(shell);
    await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-1', modelName: 'classifier' });
    await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-2', modelName: 'classifier' });
    await callDirect(service, 'mergeWebhookConfig', {
      body: { webhookConfigs: [{ workspaceName: 'admin', modelName: 'classifier', webhookUrls: [{ name: 'ci', url: receiver.url, header: { 'X-Team-Token': 'team-42' } }] }] },
    });

    await page.getByRole('link', { name: 'Registry' }).click();
    await expect(page.getByRole('heading', { name: `Model registry of ${LOCAL_WORKSPACE}` })).toBeVisible();
    await expect(page.getByLabel('Model count')).toHaveText('0 registered models');
    await page.getByRole('button', { name: 'Register a model' }).click();
    const register = page.getByRole('dialog', { name: 'Register a model' });
    await pickSource(page, 'run-1');
    await expect(register.getByRole('textbox', { name: 'Registry model name' })).toHaveValue('classifier');
    await register.getByRole('textbox', { name: 'Version' }).fill('1.0');
    await register.getByRole('button', { name: 'Register model' }).click();
    await expect(register.getByText('“1.0” is not a semantic version: use major.minor.patch, e.g. 1.2.0 or 2.0.0-rc.1.')).toBeVisible();
    await register.getByRole('textbox', { name: 'Version' }).fill('v1.0.0');
    await expect(register.getByText('Saved as 1.0.0.')).toBeVisible();
    await register.getByRole('button', { name: 'Register model' }).click();
    await expect(register).toBeHidden();
    await expect(page.getByRole('heading', { name: 'classifier', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'New version…' }).click();
    const version = page.getByRole('dialog', { name: 'New version of classifier' });
    await expect(version.getByRole('textbox', { name: 'Version' })).toHaveValue('1.1.0');
    await pickSource(page, 'run-2');
    await version.getByRole('textbox', { name: 'Version' }).fill('1.0.0');
    await version.getByRole('button', { name: 'Create version' }).click();
    await expect(version.getByText('The model already has version 1.0.0.')).toBeVisible();
    await version.getByRole('textbox', { name: 'Version' }).fill('2.0.0');
    await version.getByRole('button', { name: 'Create version' }).click();
    await expect(version).toBeHidden();
    const versions = page.getByRole('table', { name: 'Versions' });
    await expect(versions.getByRole('row')).toHaveCount(3);

    await page.getByRole('button', { name: 'Stages of 1.0.0' }).click();
    let stages = page.getByRole('dialog', { name: 'Stages of classifier 1.0.0' });
    await stages.getByRole('combobox', { name: 'Stage to add' }).fill('production');
    await stages.getByRole('button', { name: 'Add stage' }).click();
    await expect(stages.getByRole('region', { name: 'Result of the stage change' })).toContainText('Add production to 1.0.0');
    await expect(stages.getByRole('table', { name: 'Webhook deliveries of this change' }).getByRole('row')).toHaveCount(2);
    await expect.poll(() => receiver.count()).toBe(1);
    await stages.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Stages of 2.0.0' }).click();
    stages = page.getByRole('dialog', { name: 'Stages of classifier 2.0.0' });
    await stages.getByRole('combobox', { name: 'Stage to add' }).fill('staging');
    await stages.getByRole('button', { name: 'Add stage' }).click();
    await expect(stages.getByLabel('Current stages').getByText('staging')).toBeVisible();
    await expect.poll(() => receiver.count()).toBe(2);
    await stages.getByRole('combobox', { name: 'Stage to add' }).fill('production');
    await expect(stages.getByText('production is held by version 1.0.0.')).toBeVisible();
    await stages.getByRole('button', { name: 'Move production here' }).click();
    const confirm = page.getByRole('dialog', { name: 'Move production to 2.0.0?' });
    await expect(confirm).toContainText('Moving removes it there and adds it to 2.0.0');
    await confirm.getByRole('button', { name: 'Move production' }).click();
    const result = stages.getByRole('region', { name: 'Result of the stage change' });
    await expect(result).toContainText('Remove production from 1.0.0');
    await expect(result).toContainText('Add production to 2.0.0');
    const caused = result.getByRole('table', { name: 'Webhook deliveries of this change' });
    await expect(caused.getByRole('row')).toHaveCount(3);
    await expect(caused.getByText('delivered')).toHaveCount(2);
    await expect.poll(() => receiver.count()).toBe(4);
    await stages.getByRole('combobox', { name: 'New stages' }).press('Backspace');
    await stages.getByRole('button', { name: 'Save stages and comment' }).click();
    const dropping = page.getByRole('dialog', { name: 'Remove production from 2.0.0?' });
    await expect(dropping).toContainText('Version 2.0.0 of “classifier” will be in staging. Webhooks of the model are notified.');
    await dropping.getByRole('button', { name: 'Cancel' }).click();
    await stages.getByRole('button', { name: 'Close' }).click();

    expect(receiver.received.every((hook) => hook.headers['x-team-token'] === 'team-42')).toBe(true);
    const changes = receiver.received.map(({ body }) => `${String(body.version)}: ${JSON.stringify(body.previousStages)} → ${JSON.stringify(body.stages)}`);
    expect(changes.slice(0, 2)).toEqual(['1.0.0: [] → ["production"]', '2.0.0: [] → ["staging"]']);
    expect(changes.slice(2).sort()).toEqual(['1.0.0: ["production"] → []', '2.0.0: ["staging"] → ["staging","production"]']);
    await expect(versions.getByRole('row', { name: /^2\.0\.0 staging production/ })).toBeVisible();
    await expect(versions.getByRole('row', { name: /^1\.0\.0 — / })).toBeVisible();

    const history = page.getByRole('table', { name: 'Version history' });
    await expect(history.getByRole('row')).toHaveCount(7);
    await expect(history.getByRole('row').nth(1)).toContainText('2.0.0Stage addedstaging → staging, productionadmin');
    await page.reload();
    await expect(page.getByRole('table', { name: 'Version history' }).getByRole('row')).toHaveCount(7);

    await page.getByRole('button', { name: 'Delete version 1.0.0' }).click();
    const deleting = page.getByRole('dialog', { name: 'Delete version 1.0.0 of “classifier”?' });
    await deleting.getByRole('button', { name: 'Delete version 1.0.0' }).click();
    await expect(page.getByRole('table', { name: 'Versions' }).getByRole('row')).toHaveCount(2);
  } finally {
    await receiver.close();
  }
});

test('model notes, edit and delete, with the count of the workspace', async ({ page, shell }) => {
  await openReady(page, shell.url);
  const service = await embeddedServiceAccess(shell);
  const { experimentModelId } = await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-1', modelName: 'detector' });
  await callDirect(service, 'createRegistryModel', { body: { experimentModelId, registryModelName: 'detector', description: 'Finds things', version: '1.0.0' } });
  await page.getByRole('link', { name: 'Registry' }).click();
  await expect(page.getByLabel('Model count')).toHaveText('1 registered model');
  const row = page.getByRole('table', { name: 'Registry models' }).getByRole('row', { name: /detector/ });
  await expect(row).toContainText('Finds things');
  await expect(row).toContainText('Private');
  await row.getByRole('link', { name: 'detector' }).click();

  // Long notes (about 340 KB) in few lines: Chromium's text insertion slows down badly with thousands of line breaks.
  const notesText = `# Detector\n${'long notes about the detector '.repeat(12_000)}\nend`;
  await page.getByRole('button', { name: 'Notes…' }).click();
  const notes = page.getByRole('dialog', { name: 'Notes of “detector”' });
  await notes.getByRole('textbox', { name: 'Notes' }).fill(notesText);
  await expect(notes.getByRole('status', { name: 'Save state' })).toHaveText('Unsaved changes');
  await notes.getByRole('button', { name: 'Save notes' }).click();
  await expect(notes.getByRole('status', { name: 'Save state' })).toHaveText('All changes saved');
  await notes.getByRole('button', { name: 'Close' }).click();
  expect(await callDirect(service, 'registryModelNotes', { query: { workspaceName: 'admin', modelName: 'detector' } })).toEqual({ notes: notesText });

  await page.getByRole('button', { name: 'Edit model…' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit model “detector”' });
  await edit.getByRole('textbox', { name: 'Model name' }).fill('detector-v2');
  await edit.getByRole('textbox', { name: 'Description' }).fill('Finds more things');
  await edit.getByRole('radio', { name: 'Public' }).check();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { name: 'detector-v2' })).toBeVisible();
  await expect(page.getByText('Finds more things')).toBeVisible();
  expect(page.url()).toContain('#/registry/detector-v2');

  await page.getByRole('button', { name: 'Delete model…' }).click();
  const deleting = page.getByRole('dialog', { name: 'Delete the model “detector-v2”?' });
  await expect(deleting).toContainText('1 version (1.0.0)');
  await deleting.getByRole('button', { name: 'Delete model' }).click();
  await expect(page.getByText(`No models are registered in ${LOCAL_WORKSPACE} yet.`)).toBeVisible();
  await expect(page.getByLabel('Model count')).toHaveText('0 registered models');
});
