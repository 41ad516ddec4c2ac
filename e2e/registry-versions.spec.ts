import type { Page } from '@playwright/test';
import { expect, test, type ShellUnderTest } from './fixtures.ts';
import { callDirect, embeddedServiceAccess, memberAccess, seedExperimentModel, type ServiceAccess } from './helpers/registry-seed.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

// Each test drives a long scenario against a fresh shell and service; on the shared 2-core machines a run can near the default minute.
test.slow();

/** Registers model `classifier` with versions 1.0.0 and 2.0.0 (as the user admin), then opens its page in the app. */
async function openSeededModel(page: Page, shell: ShellUnderTest): Promise<{ service: ServiceAccess; ids: Record<'1.0.0' | '2.0.0', string> }> {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const service = await embeddedServiceAccess(shell);
  const first = await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-1', modelName: 'classifier' });
  const second = await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-2', modelName: 'classifier' });
  const one = await callDirect(service, 'createRegistryModel', { body: { experimentModelId: first.experimentModelId, registryModelName: 'classifier', version: '1.0.0' } });
  const two = await callDirect(service, 'createRegistryModelVersion', {
    body: { experimentModelId: second.experimentModelId, registryModelName: 'classifier', version: '2.0.0' },
  });
  await page.getByRole('link', { name: 'Registry' }).click();
  await page.getByRole('table', { name: 'Registry models' }).getByRole('link', { name: 'classifier' }).click();
  await expect(page.getByRole('heading', { name: 'classifier', exact: true })).toBeVisible();
  return { service, ids: { '1.0.0': String(one.registryModelItemId), '2.0.0': String(two.registryModelItemId) } };
}

/** Chooses `option` in the select named `name`. */
async function choose(page: Page, name: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('status from the allowed values, a refused status with the server’s message, stages, and the service’s history filtered', async ({ page, shell }) => {
  const { service, ids } = await openSeededModel(page, shell);
  const details = (version: string) => callDirect(service, 'registryModelItemDetails', { query: { workspaceName: 'admin', modelName: 'classifier', version } });

  await expect(page.getByRole('combobox', { name: 'Status of 1.0.0' })).toHaveText('None');
  await choose(page, 'Status of 1.0.0', 'Staging');
  // Choosing a status opens the promotion cockpit, which makes the change.
  const cockpit = page.getByRole('dialog', { name: 'Promote classifier 1.0.0' });
  await cockpit.getByRole('button', { name: 'Set status Staging on 1.0.0' }).click();
  await expect(cockpit.getByRole('region', { name: 'Result of the promotion' })).toContainText('The change was made.');
  await cockpit.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('combobox', { name: 'Status of 1.0.0' })).toHaveText('Staging');
  await expect.poll(async () => (await details('1.0.0')).status).toBe('Staging');

  // The workspace drops "Development" while the page still offers it: the service refuses, and says why.
  await callDirect(service, 'setRegistryAllowedStatusValues', { body: { workspaceName: 'admin', allowedStatus: ['None', 'Staging', 'Production'] } });
  await choose(page, 'Status of 2.0.0', 'Development');
  const refused = page.getByRole('dialog', { name: 'Promote classifier 2.0.0' });
  await refused.getByRole('button', { name: 'Set status Development on 2.0.0' }).click();
  await expect(refused.getByRole('region', { name: 'Result of the promotion' })).toContainText(
    `The service refused the change: The status "Development" is not allowed in workspace "${LOCAL_WORKSPACE}"; allowed: None, Staging, Production.`,
  );
  await refused.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('combobox', { name: 'Status of 2.0.0' })).toHaveText('None');
  expect((await details('2.0.0')).status).toBe('None');

  // Someone else changes 2.0.0 through the API; then this user adds a stage (the SDK's tag) to 1.0.0 in the app.
  const bob = await memberAccess(shell, service, 'bob');
  await callDirect(bob, 'setRegistryModelItemStatus', { body: { modelItemId: ids['2.0.0'], status: 'Production' } });
  await callDirect(bob, 'addRegistryModelVersionStage', { query: { modelItemId: ids['2.0.0'], stage: 'production' } });
  await page.getByRole('button', { name: 'Stages of 1.0.0' }).click();
  const stages = page.getByRole('dialog', { name: 'Stages of classifier 1.0.0' });
  await stages.getByRole('combobox', { name: 'Stage to add' }).fill('staging');
  await stages.getByRole('button', { name: 'Add stage' }).click();
  await expect(stages.getByRole('region', { name: 'Result of the stage change' })).toContainText('Add staging to 1.0.0');
  await stages.getByRole('button', { name: 'Close' }).click();
  expect((await details('1.0.0')).tags).toEqual(['staging']);
  await expect(page.getByRole('combobox', { name: 'Status of 2.0.0' })).toHaveText('Production');

  const history = page.getByRole('table', { name: 'Version history' });
  const count = page.getByRole('status', { name: 'History count' });
  await expect(count).toHaveText('6 changes');
  await expect(history.getByRole('row')).toHaveCount(7);
  await expect(history.getByRole('row').nth(1)).toContainText('1.0.0Stage addednone → stagingadmin');
  await expect(history).toContainText('2.0.0Status changedNone → Productionbob');
  await expect(history).toContainText('1.0.0Status changedNone → Stagingadmin');
  await expect(history).not.toContainText('Development');

  const filters = page.getByRole('group', { name: 'History filters' });
  await expect(filters.getByRole('combobox')).toHaveCount(3);
  await choose(page, 'Version', '2.0.0');
  await expect(count).toHaveText('3 of 6 changes');
  await expect(history.getByRole('row').filter({ hasText: '1.0.0' })).toHaveCount(0);
  await choose(page, 'Kind of change', 'Status changed');
  await expect(count).toHaveText('1 of 6 changes');
  await expect(history.getByRole('row').nth(1)).toContainText('2.0.0Status changedNone → Productionbob');
  await choose(page, 'User', 'admin');
  await expect(page.getByText('No change matches these filters.')).toBeVisible();
  await choose(page, 'Version', 'All versions');
  await expect(count).toHaveText('1 of 6 changes');
  await expect(history.getByRole('row').nth(1)).toContainText('1.0.0Status changedNone → Stagingadmin');
  await choose(page, 'Kind of change', 'All changes');
  await expect(count).toHaveText('4 of 6 changes');
  await expect(history.getByRole('row').filter({ hasText: 'bob' })).toHaveCount(0);

  // The history is the service's: it is there after a reload.
  await page.reload();
  await expect(page.getByRole('status', { name: 'History count' })).toHaveText('6 changes');
});

test('metadata as JSON: invalid text refused in place, the diff reviewed before saving, a refusal keeps what was typed', async ({ page, shell }) => {
  const { service, ids } = await openSeededModel(page, shell);
  const stored = (id: string) => callDirect(service, 'registryModelItemMetadata', { params: { registryModelItemId: id } });

  await page.getByRole('button', { name: 'Metadata of 1.0.0' }).click();
  let dialog = page.getByRole('dialog', { name: 'Metadata of classifier 1.0.0' });
  const text = dialog.getByRole('textbox', { name: 'Metadata (JSON)' });
  await expect(text).toHaveValue('{}');
  const broken = '{\n  "lr": 0.1\n  "owner": "ana"\n}';
  await text.fill(broken);
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText('Not valid JSON at line 3, column 3');
  await expect(text).toHaveValue(broken);
  await text.fill('["lr", 0.1]');
  await expect(dialog).toContainText('Metadata must be a JSON object ({ … }), not an array.');
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await expect(text).toBeVisible();

  await text.fill('{"lr": 0.1, "owner": "ana", "training": {"epochs": 10}}');
  await expect(text).toHaveAttribute('aria-invalid', 'false');
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  let changes = dialog.getByRole('table', { name: 'Metadata changes' });
  await expect(changes.getByRole('row')).toHaveCount(4);
  await expect(changes.getByRole('row', { name: 'Added lr — 0.1' })).toBeVisible();
  await expect(changes.getByRole('row', { name: 'Added training — {"epochs":10}' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save metadata' }).click();
  await expect(dialog).toBeHidden();
  expect(await stored(ids['1.0.0'])).toEqual({
    metadata: [
      { key: 'lr', value: 0.1 },
      { key: 'owner', value: 'ana' },
      { key: 'training', value: { epochs: 10 } },
    ],
  });

  await page.getByRole('button', { name: 'Metadata of 1.0.0' }).click();
  dialog = page.getByRole('dialog', { name: 'Metadata of classifier 1.0.0' });
  await expect(text).toHaveValue(JSON.stringify({ lr: 0.1, owner: 'ana', training: { epochs: 10 } }, null, 2));
  const edited = '{"lr": 0.2, "training": {"epochs": 10, "warmup": 2}}';
  await text.fill(edited);
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await expect(dialog).toContainText('1 value is removed from the metadata by this save.');
  changes = dialog.getByRole('table', { name: 'Metadata changes' });
  await expect(changes.getByRole('row')).toHaveCount(4);
  await expect(changes.getByRole('row', { name: 'Changed lr 0.1 0.2' })).toBeVisible();
  await expect(changes.getByRole('row', { name: 'Removed owner "ana" —' })).toBeVisible();
  await expect(changes.getByRole('row', { name: 'Added training.warmup — 2' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to editing' }).click();
  await expect(text).toHaveValue(edited);
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await dialog.getByRole('button', { name: 'Save metadata' }).click();
  await expect(dialog).toBeHidden();
  expect(await stored(ids['1.0.0'])).toEqual({ metadata: [{ key: 'lr', value: 0.2 }, { key: 'training', value: { epochs: 10, warmup: 2 } }] });
  const history = page.getByRole('table', { name: 'Version history' });
  await expect(history.getByRole('row').nth(1)).toContainText('1.0.0Metadata changedlr: 0.1 → 0.2; owner removed; training.warmup added (2)admin');
  await choose(page, 'Kind of change', 'Metadata changed');
  await expect(history.getByRole('row')).toHaveCount(3);

  // Escape asks before losing what was typed; the service's refusal keeps it too.
  await page.getByRole('button', { name: 'Metadata of 2.0.0' }).click();
  dialog = page.getByRole('dialog', { name: 'Metadata of classifier 2.0.0' });
  await dialog.getByRole('textbox', { name: 'Metadata (JSON)' }).fill('{"owner": "bob"}');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Discard what you entered?' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Metadata (JSON)' })).toHaveValue('{"owner": "bob"}');
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await callDirect(service, 'deleteRegistryModelVersion', { query: { modelItemId: ids['2.0.0'] } });
  await dialog.getByRole('button', { name: 'Save metadata' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`Could not save the metadata of 2.0.0: No registry model version with registryModelItemId "${ids['2.0.0']}".`);
  await dialog.getByRole('button', { name: 'Back to editing' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Metadata (JSON)' })).toHaveValue('{"owner": "bob"}');
});
