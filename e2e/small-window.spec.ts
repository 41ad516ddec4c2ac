import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { callDirect, memberAccess } from './helpers/registry-seed.ts';
import { openClassifier, seedPromotion } from './helpers/governance-seed.ts';
import { controlsOutOfReach } from './helpers/fits-window.ts';
import { startWebhookReceiver } from './helpers/webhook-receiver.ts';

test.use({ viewport: { width: 1024, height: 700 } });

async function report(page: Page, screen: string, found: Record<string, string[]>) {
  await page.waitForTimeout(500);
  const scroll = await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
  found[screen] = [`page scroll ${scroll}`, ...(await controlsOutOfReach(page))];
  await page.screenshot({ path: `/tmp/layout-shots/${screen}.png` });
}

test('probe', async ({ page, shell }) => {
  test.setTimeout(180_000);
  const found: Record<string, string[]> = {};
  const { service, ids } = await seedPromotion(page, shell);
  await memberAccess(shell, service, 'bob');
  await callDirect(service, 'setRegistryPolicy', { body: { workspaceName: 'admin', modelName: 'classifier', rules: [{ kind: 'stage', value: 'production', approvers: [] }] } });
  await callDirect(service, 'moveRegistryModelVersion', { body: { registryModelItemId: ids['2.0.0'], stage: 'production', comment: 'ready' } });
  const receiver = await startWebhookReceiver('release desk');
  await callDirect(service, 'mergeWebhookConfig', {
    body: { webhookConfigs: [{ workspaceName: 'admin', modelName: 'classifier', webhookUrls: [{ name: 'release desk', url: `${receiver.url}/services/release-desk/notifications/classifier`, triggers: ['MODEL_VERSION_STAGE_CHANGED'] }] }] },
  });
  await callDirect(service, 'addRegistryModelVersionStage', { query: { modelItemId: ids['1.0.0'], stage: 'staging' } });
  await page.reload();
  await page.locator('[data-app-state="ready"]').waitFor();
  await expect(page.getByRole('heading', { name: /^Projects in / })).toBeVisible();
  await report(page, 'projects', found);
  await page.getByRole('link', { name: 'vision' }).first().click();
  await expect(page.getByRole('link', { name: 'run-1' }).first()).toBeVisible();
  await report(page, 'project', found);
  await page.getByRole('link', { name: 'run-1' }).first().click();
  await expect(page.getByRole('tab', { name: 'Assets' })).toBeVisible();
  await report(page, 'experiment', found);
  await page.getByRole('tab', { name: 'Assets' }).click();
  await report(page, 'assets', found);
  await page.getByRole('link', { name: 'Registry', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Registry models' })).toBeVisible();
  await report(page, 'registry', found);
  await openClassifier(page);
  await expect(page.getByRole('table', { name: 'Versions' })).toBeVisible();
  await report(page, 'model', found);
  for (const [link, screen] of [['Requests', 'requests'], ['Webhooks', 'webhooks'], ['Members', 'members'], ['My keys', 'keys'], ['Audit trail', 'audit'], ['Users', 'users'], ['Connections', 'connections']] as const) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: new RegExp(`^${link}`) }).click();
    await page.waitForTimeout(1500);
    await report(page, screen, found);
  }
  console.log(JSON.stringify(found, null, 1));
  await receiver.close();
});
