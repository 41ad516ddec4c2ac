import type { Locator, Page } from '@playwright/test';
import { expect, test, type ShellUnderTest } from './fixtures.ts';
import { expectFitsWindow, expectInViewOnOneLine } from './helpers/fits-window.ts';
import { openClassifier, seedPromotion } from './helpers/governance-seed.ts';
import { callDirect, memberAccess, shellChannel } from './helpers/registry-seed.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';

test.use({ viewport: { width: 1024, height: 700 } });

/**
 * Seeds what every screen lists, as users and scripts would make it: project "vision" with two runs and their model
 * files, model "classifier" with two versions (2.0.0 awaiting approval for production), a member, a webhook with one
 * delivery, and a second connection.
 */
async function seedEverything(page: Page, shell: ShellUnderTest, receiver: WebhookReceiver): Promise<void> {
  const { service, ids } = await seedPromotion(page, shell);
  const bob = await memberAccess(shell, service, 'bob');
  await callDirect(service, 'setRegistryPolicy', { body: { workspaceName: 'admin', modelName: 'classifier', rules: [{ kind: 'stage', value: 'production', approvers: [] }] } });
  await callDirect(service, 'moveRegistryModelVersion', { body: { registryModelItemId: ids['2.0.0'], stage: 'production', comment: 'ready for release' } });
  const url = `${receiver.url}/services/release-desk/notifications/classifier`;
  const webhookUrls = [{ name: 'release desk', url, triggers: ['MODEL_VERSION_STAGE_CHANGED'] }];
  await callDirect(service, 'mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: 'admin', modelName: 'classifier', webhookUrls }] } });
  await callDirect(service, 'addRegistryModelVersionStage', { query: { modelItemId: ids['1.0.0'], stage: 'staging' } });
  await shellChannel(shell, 'profiles.create', { name: 'Team service of the vision group', baseUrl: service.baseUrl, apiKey: bob.apiKey });
  await page.reload();
  await page.locator('[data-app-state="ready"]').waitFor();
}

/** Opens a main screen from the side navigation (collapsed to icons at this size: the links keep their names). */
async function go(page: Page, screen: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: new RegExp(`^${screen}`) }).click();
}

const buttons = (scope: Page | Locator, ...names: string[]) => names.map((name) => scope.getByRole('button', { name, exact: true }));

test('at 1024×700 every screen fits the window: no sideways scrolling, header commands on one line, row actions in view', async ({ page, shell }) => {
  test.setTimeout(240_000);
  const receiver = await startWebhookReceiver('release desk');
  try {
    await seedEverything(page, shell, receiver);

    await expect(page.getByRole('heading', { name: /^Projects in / })).toBeVisible();
    await expectFitsWindow(page);
    await expectInViewOnOneLine(page, buttons(page, 'New project'));

    await page.getByRole('link', { name: 'vision', exact: true }).click();
    const experiments = page.getByRole('table', { name: 'Experiments' });
    await expect(experiments.getByRole('link', { name: 'run-1' })).toBeVisible();
    await expectFitsWindow(page);
    await expectInViewOnOneLine(page, buttons(page, 'Alerts…', 'Edit project', 'Notes', 'Share links', 'Delete project'));
    await expectInViewOnOneLine(page, buttons(page, 'Log from your code', 'Summary columns', 'Reload the experiments', 'New experiment'));
    await expectInViewOnOneLine(page, buttons(experiments, 'Actions for run-1'));

    await experiments.getByRole('link', { name: 'run-1' }).click();
    await expect(page.getByRole('heading', { name: 'run-1' })).toBeVisible();
    await expectFitsWindow(page);
    await expectInViewOnOneLine(page, buttons(page, 'Rename', 'Set times', 'Add tags', 'Archive', 'Delete'));

    await page.getByRole('tab', { name: 'Assets' }).click();
    const assets = page.getByRole('table', { name: 'Assets' });
    await expect(assets.getByRole('row', { name: /weights\.bin/ })).toBeVisible();
    await expectFitsWindow(page);
    await expectInViewOnOneLine(page, buttons(assets, 'Delete weights.bin'));

    await go(page, 'Registry');
    await expect(page.getByRole('table', { name: 'Registry models' })).toBeVisible();
    await expectFitsWindow(page);
    await expectInViewOnOneLine(page, buttons(page, 'Register a model'));

    await openClassifier(page);
    const versions = page.getByRole('table', { name: 'Versions' });
    await expect(versions.getByText('Awaiting approval: stage production')).toBeVisible();
    await expectFitsWindow(page);
    await expectInViewOnOneLine(page, buttons(page, 'New version…', 'Notes…', 'Edit model…', 'Delete model…'));
    await expectInViewOnOneLine(page, buttons(versions, 'Promote 1.0.0', 'Stages of 1.0.0', 'Metadata of 1.0.0', 'Delete version 1.0.0'));
    await expect(versions.getByRole('link', { name: 'classifier' }).first(), 'the source column gave way, its link did not').toBeVisible();

    await go(page, 'Requests');
    await expect(page.getByRole('heading', { name: 'Promotion requests' })).toBeVisible();
    await expectFitsWindow(page);
    await expectInViewOnOneLine(page, buttons(page, 'Cancel request'));

    await go(page, 'Webhooks');
    const entries = page.getByRole('table', { name: 'Webhook entries' });
    await expect(entries.getByRole('row', { name: /release desk/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Re-send the delivery/ })).toBeVisible();
    await expectFitsWindow(page);
    await expectInViewOnOneLine(page, buttons(page, 'Export', 'Import', 'Add webhook', 'Discard changes', 'Review and save…'));
    const url = `${receiver.url}/services/release-desk/notifications/classifier`;
    await expectInViewOnOneLine(page, buttons(entries, `Send test to ${url}`, `Edit ${url}`, `Remove ${url}`));

    await go(page, 'Members');
    await expect(page.getByRole('table', { name: 'Members' }).getByRole('row', { name: /bob/ })).toBeVisible();
    await expectFitsWindow(page);
    await expectInViewOnOneLine(page, buttons(page, 'Remove bob'));

    await go(page, 'My keys');
    await expect(page.getByRole('table', { name: 'My keys' })).toBeVisible();
    await expectFitsWindow(page);

    await go(page, 'Audit trail');
    await expect(page.getByRole('table', { name: 'Audit trail' })).toBeVisible();
    await expectFitsWindow(page);
    await expectInViewOnOneLine(page, buttons(page, 'Export CSV', 'Export JSON'));

    await go(page, 'Users');
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /bob/ })).toBeVisible();
    await expectFitsWindow(page);
    await expectInViewOnOneLine(page, buttons(page, 'Disable bob', 'Make bob a service admin'));

    await go(page, 'Connections');
    const connections = page.getByRole('table', { name: 'Connections' });
    await expect(connections.getByRole('row', { name: /Team service of the vision group/ })).toBeVisible();
    await expectFitsWindow(page);
    await expectInViewOnOneLine(page, buttons(page, 'Join with an invitation', 'Sign in to a service', 'Add connection'));
    const team = 'Team service of the vision group';
    await expectInViewOnOneLine(page, buttons(connections, `Use ${team}`, `Test connection ${team}`, `Edit ${team}`, `Remove ${team}`));
  } finally {
    await receiver.close();
  }
});

test('the side navigation collapses on its own in a narrow window, opens on request, and a wide window remembers the choice', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const nav = page.getByRole('navigation', { name: 'Main' });
  const width = async () => (await nav.boundingBox())?.width ?? 0;
  expect(await width()).toBeLessThan(80);
  await expect(nav.getByText('Registry')).toBeHidden();
  await nav.getByRole('link', { name: 'Registry' }).click();
  await expect(page.getByRole('heading', { name: /^Model registry/ })).toBeVisible();

  await page.getByRole('button', { name: 'Expand navigation' }).click();
  await expect(nav.getByText('Registry')).toBeVisible();
  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await expect(nav.getByText('Registry')).toBeHidden();

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(nav.getByText('Registry')).toBeVisible();
  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await expect(nav.getByText('Registry')).toBeHidden();
  await page.reload();
  await page.locator('[data-app-state="ready"]').waitFor();
  await expect(page.getByRole('button', { name: 'Expand navigation' })).toBeVisible();
  await expect(nav.getByText('Registry')).toBeHidden();
  expect(await width()).toBeLessThan(80);
});
