import { expect, test } from './fixtures.ts';
import { downloadedText, openClassifier, seedPromotion } from './helpers/governance-seed.ts';
import { callDirect } from './helpers/registry-seed.ts';
import { startWebhookReceiver } from './helpers/webhook-receiver.ts';

// A long scenario against a fresh shell and service; on the shared 2-core machines it can near the default minute.
test.slow();

test('the cockpit compares the candidate with the holder, moves the stage in one action, follows the delivery and exports the evidence', async ({ page, shell }) => {
  const { service, ids } = await seedPromotion(page, shell);
  const receiver = await startWebhookReceiver('cockpit');
  try {
    await callDirect(service, 'mergeWebhookConfig', {
      body: { webhookConfigs: [{ workspaceName: 'admin', modelName: 'classifier', webhookUrls: [{ name: 'release desk', url: receiver.url }] }] },
    });
    await openClassifier(page);
    await page.getByRole('button', { name: 'Promote 2.0.0' }).click();
    const cockpit = page.getByRole('dialog', { name: 'Promote classifier 2.0.0' });
    await cockpit.getByRole('combobox', { name: 'Stage to add' }).fill('production');
    await expect(cockpit).toContainText('Held now by 1.0.0.');
    await expect(cockpit.getByRole('region', { name: 'Approval' })).toContainText('No approval is needed');
    await expect(cockpit.getByRole('list', { name: 'Webhooks that will fire' })).toContainText(`release desk (this model)${receiver.url} · MODEL_VERSION_STAGE_CHANGED`);

    await expect(cockpit.getByRole('region', { name: 'Metrics' })).toContainText('No metric with a known direction is worse in 2.0.0 than in 1.0.0.');
    const metrics = cockpit.getByRole('table', { name: 'Metrics comparison' });
    await expect(metrics.getByRole('row', { name: /accuracy/ })).toHaveText('accuracy (higher is better)0.93 (step 2)0.95 (step 1)0.79 (step 2)0.81 (step 1)');
    await expect(metrics.getByRole('row', { name: /loss/ })).toContainText('0.05 (step 1)');
    const parameters = cockpit.getByRole('table', { name: 'Parameters comparison' });
    await expect(parameters.getByRole('row').nth(1)).toHaveText('lr0.010.1');
    await expect(parameters.getByRole('row').nth(2)).toHaveText('batch3232');
    const files = cockpit.getByRole('table', { name: 'Model files comparison' });
    await expect(files.getByRole('row', { name: /weights\.bin/ })).toContainText('changed');

    // The move asks first, as it takes production from 1.0.0.
    await cockpit.getByRole('textbox', { name: 'Comment for the history' }).fill('better accuracy');
    await cockpit.getByRole('button', { name: 'Move stage production to 2.0.0' }).click();
    const confirm = page.getByRole('dialog', { name: 'Move stage production from 1.0.0 to 2.0.0?' });
    await confirm.getByRole('button', { name: 'Move stage production' }).click();
    const result = cockpit.getByRole('region', { name: 'Result of the promotion' });
    await expect(result).toContainText('The change was made.');
    const deliveries = result.getByRole('table', { name: 'Deliveries of this promotion' });
    await expect(deliveries.getByRole('row').filter({ hasText: '2.0.0' }).filter({ hasText: 'delivered' })).toHaveCount(1);
    await expect.poll(() => receiver.received.map((hook) => `${String(hook.body.eventType)} ${String(hook.body.version)}`).sort()).toEqual([
      'MODEL_VERSION_STAGE_CHANGED 1.0.0',
      'MODEL_VERSION_STAGE_CHANGED 2.0.0',
    ]);
    const tags = async (id: string) => (await callDirect(service, 'registryModelItemDetails', { query: { workspaceName: 'admin', modelName: 'classifier', version: id } })).tags;
    expect(await tags('2.0.0')).toEqual(['production']);
    expect(await tags('1.0.0')).toEqual([]);
    expect(ids['2.0.0']).toMatch(/\S/);

    // After the move nobody else holds production; the evidence compares with the version it replaced, chosen by hand.
    await cockpit.getByRole('combobox', { name: 'Compare with' }).click();
    await page.getByRole('option', { name: '1.0.0', exact: true }).click();
    await expect(cockpit.getByRole('table', { name: 'Metrics comparison' })).toContainText('0.81 (step 1)');
    const html = await downloadedText(Promise.all([page.waitForEvent('download'), cockpit.getByRole('button', { name: 'Export evidence (HTML)' }).click()]).then(([download]) => download));
    expect(html.name).toBe('evidence-classifier-2.0.0-production.html');
    expect(html.text).toContain('<td>0.95 (step 1)</td>');
    expect(html.text).toContain('<td>0.81 (step 1)</td>');
    expect(html.text).toContain('<p>Outcome: changed at once');
    expect(html.text).not.toContain('<script');
    const markdown = await downloadedText(Promise.all([page.waitForEvent('download'), cockpit.getByRole('button', { name: 'Export evidence (Markdown)' }).click()]).then(([download]) => download));
    expect(markdown.name).toBe('evidence-classifier-2.0.0-production.md');
    expect(markdown.text).toContain('| accuracy | higher is better | 0\\.93 \\(step 2\\) | 0\\.95 \\(step 1\\) | 0\\.79 \\(step 2\\) | 0\\.81 \\(step 1\\) |');
    expect(markdown.text).toContain('No metric with a known direction is worse in 2\\.0\\.0 than in 1\\.0\\.0\\.');
    expect(markdown.text).toContain('MODEL\\_VERSION\\_STAGE\\_CHANGED');
  } finally {
    await receiver.close();
  }
});
