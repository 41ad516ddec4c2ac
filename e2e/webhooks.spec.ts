import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test, type ShellUnderTest } from './fixtures.ts';
import { callDirect, embeddedServiceAccess, seedExperimentModel, type ServiceAccess } from './helpers/registry-seed.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

/** Opens the app, registers model "classifier" 1.0.0 directly, and opens the Webhooks screen; answers the service access and version id. */
async function setUp(page: Page, shell: ShellUnderTest): Promise<{ service: ServiceAccess; itemId: string }> {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const service = await embeddedServiceAccess(shell);
  const { experimentModelId } = await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-1', modelName: 'classifier' });
  const created = await callDirect(service, 'createRegistryModel', { body: { experimentModelId, registryModelName: 'classifier', version: '1.0.0' } });
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { name: `Webhooks of ${LOCAL_WORKSPACE}` })).toBeVisible();
  return { service, itemId: String(created.registryModelItemId) };
}

async function addEntry(page: Page, receiver: WebhookReceiver, entry: { name: string; model?: string; header?: [string, string] }): Promise<void> {
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  if (entry.model) {
    await dialog.getByRole('radio', { name: 'One model' }).check();
    await dialog.getByRole('combobox', { name: 'Model name' }).fill(entry.model);
  }
  await dialog.getByRole('textbox', { name: 'Name' }).fill(entry.name);
  await dialog.getByRole('textbox', { name: 'Address (URL)' }).fill(receiver.url);
  if (entry.header) {
    await dialog.getByRole('button', { name: 'Add header' }).click();
    await dialog.getByRole('textbox', { name: 'Header 1 name' }).fill(entry.header[0]);
    await dialog.getByLabel(`Value of ${entry.header[0]}`).fill(entry.header[1]);
  }
  await dialog.getByRole('button', { name: 'Add entry' }).click();
  await expect(dialog).toBeHidden();
}

/** The addresses that deliveries of the stage change adding or removing the given stage went to (from the service's log). */
async function deliveredTo(service: ServiceAccess, change: { added?: string; removed?: string }): Promise<string[]> {
  const { deliveries } = (await callDirect(service, 'listWebhookDeliveries', { query: { workspaceName: 'admin' } })) as {
    deliveries: { url: string; payload: { added: string[]; removed: string[] } }[];
  };
  return deliveries
    .filter(({ payload }) => (change.added ? payload.added.includes(change.added) : true) && (change.removed ? payload.removed.includes(change.removed) : true))
    .map((delivery) => delivery.url)
    .sort();
}

test('edit webhooks with merge and with replace; the receivers that get notified follow the configuration', async ({ page, shell }) => {
  const [a, b, c] = await Promise.all([startWebhookReceiver('a'), startWebhookReceiver('b'), startWebhookReceiver('c')]);
  try {
    const { service, itemId } = await setUp(page, shell);
    await expect(page.getByText(`No webhooks are configured in ${LOCAL_WORKSPACE}.`)).toBeVisible();

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('textbox', { name: 'Address (URL)' }).fill('ftp://files.example.com/hook');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await expect(dialog.getByText('Only http and https addresses can be notified, not ftp: start the address with http:// or https://.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Address (URL)' }).fill('localhost:8080/hook');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await expect(dialog.getByText('Start the address with http:// or https://, e.g. https://hooks.example.com/trackdesk.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await addEntry(page, a, { name: 'alpha', header: ['Authorization', 'Bearer s3cret-A'] });
    const entries = page.getByRole('table', { name: 'Webhook entries' });
    await expect(entries.getByRole('row', { name: /alpha/ })).toContainText('new, not saved');
    await expect(entries.getByRole('row', { name: /alpha/ })).toContainText('Authorization: ••••••••');
    await page.getByRole('link', { name: 'Registry' }).click();
    await expect(page.getByRole('heading', { name: `Model registry of ${LOCAL_WORKSPACE}` })).toBeVisible();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(entries.getByRole('row', { name: /alpha/ })).toContainText('new, not saved');
    await page.getByRole('button', { name: 'Review and save…' }).click();
    let save = page.getByRole('dialog', { name: `Save the webhook configuration of “${LOCAL_WORKSPACE}”` });
    await expect(save.getByRole('radio', { name: /^Merge: add and update/ })).toBeChecked();
    await expect(save.getByRole('region', { name: 'Added (1)' })).toContainText(a.url);
    await expect(save.getByRole('region', { name: 'Added (1)' })).toContainText('header Authorization—••••••••');
    await expect(page.getByText(/s3cret-A/)).toHaveCount(0);
    await save.getByRole('button', { name: 'Save (merge)' }).click();
    await expect(save).toBeHidden();
    await expect(entries.getByRole('row', { name: /alpha/ })).toContainText('saved');

    await callDirect(service, 'addRegistryModelVersionStage', { query: { modelItemId: itemId, stage: 'staging' } });
    await expect.poll(() => a.count()).toBe(1);
    expect(a.received[0]?.headers.authorization).toBe('Bearer s3cret-A');
    expect(a.received[0]?.body).toMatchObject({ registryModelName: 'classifier', version: '1.0.0', added: ['staging'] });

    await addEntry(page, b, { name: 'beta', model: 'classifier', header: ['X-Api-Key', 'key-B-123456'] });
    await page.getByRole('button', { name: 'Review and save…' }).click();
    save = page.getByRole('dialog', { name: `Save the webhook configuration of “${LOCAL_WORKSPACE}”` });
    await expect(save.getByRole('region', { name: 'Added (1)' })).toContainText(`${b.url} for model “classifier”`);
    await expect(save.getByText('1 entry unchanged.')).toBeVisible();
    await save.getByRole('button', { name: 'Save (merge)' }).click();
    await expect(save).toBeHidden();
    await callDirect(service, 'addRegistryModelVersionStage', { query: { modelItemId: itemId, stage: 'production' } });
    await expect.poll(() => deliveredTo(service, { added: 'production' })).toEqual([a.url, b.url].sort());
    await expect.poll(() => [a.count(), b.count()]).toEqual([2, 1]);

    await page.getByRole('button', { name: `Remove ${a.url}` }).click();
    await expect(entries.getByRole('row', { name: /alpha/ })).toContainText('removed, not saved');
    await addEntry(page, c, { name: 'gamma' });
    await page.getByRole('button', { name: 'Review and save…' }).click();
    save = page.getByRole('dialog', { name: `Save the webhook configuration of “${LOCAL_WORKSPACE}”` });
    await expect(save.getByRole('region', { name: 'Left in place: a merge never removes (1)' })).toContainText(a.url);
    await save.getByRole('radio', { name: /^Replace: the workspace keeps/ }).check();
    await expect(save.getByRole('region', { name: 'Removed (1)' })).toContainText(a.url);
    await expect(save.getByRole('region', { name: 'Added (1)' })).toContainText(c.url);
    await save.getByRole('button', { name: 'Replace configuration…' }).click();
    const confirm = page.getByRole('dialog', { name: `Replace the webhook configuration of “${LOCAL_WORKSPACE}”?` });
    await expect(confirm).toContainText(`Removed: ${a.url}.`);
    await confirm.getByRole('button', { name: 'Replace configuration' }).click();
    await expect(save).toBeHidden();
    await expect(entries.getByRole('row')).toHaveCount(3);

    await callDirect(service, 'removeRegistryModelVersionStage', { query: { modelItemId: itemId, stage: 'staging' } });
    expect(await deliveredTo(service, { removed: 'staging' })).toEqual([b.url, c.url].sort());
    await expect.poll(() => [b.count(), c.count()]).toEqual([2, 1]);
    expect(a.count()).toBe(2);
    expect(b.received.every((hook) => hook.headers['x-api-key'] === 'key-B-123456')).toBe(true);
    await page.getByRole('button', { name: 'Refresh the delivery log' }).click();
    const log = page.getByRole('table', { name: 'Delivery log' });
    await expect(log.getByRole('row')).toHaveCount(6);
    await expect(log.getByText('delivered')).toHaveCount(5);
  } finally {
    await Promise.all([a, b, c].map((receiver) => receiver.close()));
  }
});

test('send test shows the receiver’s answer; export leaves secrets and header values out; import brings entries back, keeping stored values', async ({ page, shell }) => {
  const receiver = await startWebhookReceiver('test', { status: 202, reply: 'accepted by the test receiver' });
  const other = await startWebhookReceiver('other');
  try {
    const { service } = await setUp(page, shell);
    await callDirect(service, 'mergeWebhookConfig', {
      body: {
        webhookConfigs: [
          {
            workspaceName: 'admin',
            modelName: 'classifier',
            webhookUrls: [{ name: 'deploy', url: receiver.url, header: { 'X-Api-Key': 'key-123456', 'X-Env': 'prod' }, secret: 'signing-secret' }],
          },
        ],
      },
    });
    await page.reload();
    const entries = page.getByRole('table', { name: 'Webhook entries' });
    await expect(entries.getByRole('row', { name: /deploy/ })).toContainText('X-Api-Key: ••••••••');

    await page.getByRole('button', { name: `Send test to ${receiver.url}` }).click();
    const test = page.getByRole('dialog', { name: `Test of ${receiver.url}` });
    await expect(test.getByRole('region', { name: 'Test result' })).toContainText('The receiver answered HTTP 202');
    await expect(test.getByLabel('Receiver reply')).toHaveText('accepted by the test receiver');
    await expect.poll(() => receiver.count()).toBe(1);
    expect(receiver.received[0]?.body).toMatchObject({ test: true, registryModelName: 'classifier' });
    expect(receiver.received[0]?.headers['x-trackdesk-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    await test.getByRole('button', { name: 'Close' }).click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`webhooks-${LOCAL_WORKSPACE}.json`);
    const exported = await readFile(await file.path(), 'utf8');
    expect(exported).not.toMatch(/key-123456|signing-secret|prod/);
    const parsed = JSON.parse(exported) as { webhookConfigs: { modelName: string; webhookUrls: Record<string, unknown>[] }[] };
    expect(parsed.webhookConfigs[0]?.webhookUrls[0]).toMatchObject({ url: receiver.url, header: {}, redactedHeaders: ['X-Api-Key', 'X-Env'], hadSecret: true });

    parsed.webhookConfigs.push({ modelName: '', webhookUrls: [{ name: 'imported', url: other.url, header: { 'X-Env': 'staging' } }] });
    await page.getByLabel('Import a webhook configuration file').setInputFiles({ name: 'webhooks.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(parsed)) });
    await expect(page.getByText('Imported into the editor: review and save to apply it.')).toBeVisible();
    await expect(entries.getByRole('row', { name: /imported/ })).toContainText('new, not saved');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard your unsaved webhook edits?' });
    await expect(discard).toContainText(`Your unsaved webhook edits for ${LOCAL_WORKSPACE} will be lost.`);
    await discard.getByRole('button', { name: 'Cancel' }).click();
    await expect(entries.getByRole('row', { name: /imported/ })).toContainText('new, not saved');
    await page.getByRole('button', { name: 'Review and save…' }).click();
    const save = page.getByRole('dialog', { name: `Save the webhook configuration of “${LOCAL_WORKSPACE}”` });
    await expect(save.getByRole('region', { name: 'Added (1)' })).toContainText(other.url);
    await expect(save.getByText('1 entry unchanged.')).toBeVisible();
    await save.getByRole('button', { name: 'Save (merge)' }).click();
    await expect(save).toBeHidden();

    const config = (await callDirect(service, 'getWebhookConfig', { query: { workspaceName: 'admin' } })) as {
      webhookConfigs: { modelName: string; webhookUrls: { url: string; header: Record<string, null>; hasSecret: boolean }[] }[];
    };
    const urls = config.webhookConfigs.flatMap((item) => item.webhookUrls.map((url) => ({ modelName: item.modelName, ...url })));
    expect(urls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ modelName: 'classifier', url: receiver.url, header: { 'X-Api-Key': null, 'X-Env': null }, hasSecret: true }),
        expect.objectContaining({ modelName: '', url: other.url, header: { 'X-Env': null }, hasSecret: false }),
      ]),
    );
    // The values the service held were kept through export, import and save.
    await page.getByRole('button', { name: `Send test to ${receiver.url}` }).click();
    await expect.poll(() => receiver.count()).toBe(2);
    expect(receiver.received[1]?.headers).toMatchObject({ 'x-api-key': 'key-123456', 'x-env': 'prod' });
  } finally {
    await Promise.all([receiver.close(), other.close()]);
  }
});

test('the delivery log filters by outcome and model, and re-sends a delivery after a confirmation', async ({ page, shell }) => {
  const receiver = await startWebhookReceiver('resend');
  try {
    const { service, itemId } = await setUp(page, shell);
    await callDirect(service, 'mergeWebhookConfig', {
      body: { webhookConfigs: [{ workspaceName: 'admin', modelName: 'classifier', webhookUrls: [{ url: receiver.url, header: { 'X-Api-Key': 'key-123456' } }] }] },
    });
    await callDirect(service, 'addRegistryModelVersionStage', { query: { modelItemId: itemId, stage: 'production' } });
    await expect.poll(() => receiver.count()).toBe(1);
    await page.reload();
    const log = page.getByRole('table', { name: 'Delivery log' });
    await expect(log.getByText('delivered')).toHaveCount(1);

    const filters = page.getByRole('group', { name: 'Delivery log filters' });
    await filters.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await expect(page.getByText('No notification matches these filters.')).toBeVisible();
    await filters.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: 'Delivered' }).click();
    await filters.getByRole('textbox', { name: 'Model' }).fill('another-model');
    await expect(page.getByText('No notification matches these filters.')).toBeVisible();
    await filters.getByRole('textbox', { name: 'Model' }).fill('classifier');
    await expect(log.getByRole('row')).toHaveCount(2);

    await log.getByRole('button', { name: new RegExp(`^Re-send the delivery of .* to ${receiver.url}$`) }).click();
    const confirm = page.getByRole('dialog', { name: 'Re-send this notification?' });
    await expect(confirm).toContainText(`${receiver.url} receives the same body again`);
    await confirm.getByRole('button', { name: 'Re-send' }).click();
    await expect.poll(() => receiver.count()).toBe(2);
    const [first, again] = receiver.received;
    expect(again?.body).toEqual(first?.body);
    expect(again?.headers['x-api-key']).toBe('key-123456');
    expect(again?.headers['x-trackdesk-redelivery-of']).toBe(first?.headers['x-trackdesk-delivery']);
    await expect(page.getByText(/^Re-sent to .* as delivery /)).toBeVisible();
    await expect(log.getByText('re-sent')).toHaveCount(1);
    await expect(page.getByText(/key-123456/)).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
