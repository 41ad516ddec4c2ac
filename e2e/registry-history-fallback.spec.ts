import { expect, test } from './fixtures.ts';
import { startOlderService } from '../server/test/support/older-service.ts';
import { callDirect, embeddedServiceAccess, seedExperimentModel, shellChannel } from './helpers/registry-seed.ts';

const HISTORY_PATH = '/api/rest/v2/registry-model/history/item';

test('a service without the history endpoint: the stages recorded on this computer are shown, and the screen says why', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const service = await embeddedServiceAccess(shell);
  const { experimentModelId } = await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-1', modelName: 'classifier' });
  const created = await callDirect(service, 'createRegistryModel', { body: { experimentModelId, registryModelName: 'classifier', version: '1.0.0' } });
  const older = await startOlderService(service.baseUrl, [HISTORY_PATH]);
  try {
    const { profile } = await shellChannel<{ profile: { id: string } }>(shell, 'profiles.create', {
      name: 'Older service',
      baseUrl: older.url,
      apiKey: service.apiKey,
      keyStorage: 'session',
    });
    // What an earlier Trackdesk recorded for this connection (the format it wrote to local storage).
    const recorded = [
      {
        at: Date.UTC(2026, 0, 5, 9, 30),
        userName: 'alice',
        workspaceName: 'admin',
        registryModelId: String(created.registryModelId),
        modelName: 'classifier',
        registryModelItemId: String(created.registryModelItemId),
        version: '1.0.0',
        before: [],
        after: ['production'],
      },
    ];
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`trackdesk-stage-history/${profile.id}`, JSON.stringify(recorded)] as const);
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();

    await page.getByRole('combobox', { name: 'Connection' }).click();
    await page.getByRole('option', { name: /^Older service/ }).click();
    await page.getByRole('link', { name: 'Registry', exact: true }).click();
    await page.getByRole('table', { name: 'Registry models' }).getByRole('link', { name: 'classifier' }).click();

    const history = page.getByRole('region', { name: 'Version history' });
    await expect(history).toContainText(`This service keeps no version history: asked for it, it answered “Route POST:${HISTORY_PATH} not found”.`);
    const local = history.getByRole('table', { name: 'Stage changes recorded on this computer' });
    await expect(local.getByRole('row')).toHaveCount(2);
    await expect(local.getByRole('row').nth(1)).toContainText('alice1.0.0none → production');
    await expect(page.getByRole('table', { name: 'Version history' })).toHaveCount(0);

    // The embedded service keeps a history, so there the local records are not shown.
    await page.getByRole('combobox', { name: 'Connection' }).click();
    await page.getByRole('option', { name: /^Local/ }).click();
    await page.getByRole('link', { name: 'Registry', exact: true }).click();
    await page.getByRole('table', { name: 'Registry models' }).getByRole('link', { name: 'classifier' }).click();
    await expect(page.getByRole('table', { name: 'Version history' }).getByRole('row')).toHaveCount(2);
    await expect(page.getByText('This service keeps no version history')).toHaveCount(0);
  } finally {
    await older.close();
  }
});
