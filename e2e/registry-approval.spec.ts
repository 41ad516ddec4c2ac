import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { downloadedText, openClassifier, seedPromotion } from './helpers/governance-seed.ts';
import { callDirect, memberAccess, shellChannel } from './helpers/registry-seed.ts';
import { startWebhookReceiver } from './helpers/webhook-receiver.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

// Two profiles, a request, an approval and an export against a fresh shell and service: longer than the default minute on 2 cores.
test.slow();

/** Makes `profile` the connection in use and the local service's workspace the one shown, from the top bar. */
async function useProfile(page: Page, profile: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: 'Connection' }).click();
  await page.getByRole('option', { name: profile }).click();
  await page.locator('[data-app-state="ready"]').waitFor();
  await page.getByRole('combobox', { name: 'Workspace' }).click();
  await page.getByRole('option', { name: LOCAL_WORKSPACE, exact: true }).click();
}

test('a requester files a promotion in one profile, an approver approves it in another, the stage moves, the receiver gets the events, the evidence holds both', async ({ page, shell }) => {
  const { service } = await seedPromotion(page, shell);
  const bob = await memberAccess(shell, service, 'bob');
  const carol = await memberAccess(shell, service, 'carol');
  await callDirect(service, 'setRegistryPolicy', {
    body: { workspaceName: 'admin', modelName: 'classifier', rules: [{ kind: 'stage', value: 'production', approvers: ['carol'] }] },
  });
  const receiver = await startWebhookReceiver('approvals');
  try {
    const triggers = ['MODEL_VERSION_STAGE_CHANGED', 'MODEL_VERSION_PROMOTION_REQUESTED', 'MODEL_VERSION_PROMOTION_APPROVED'];
    await callDirect(service, 'mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: 'admin', modelName: 'classifier', webhookUrls: [{ name: 'release desk', url: receiver.url, triggers }] }] } });
    await shellChannel(shell, 'profiles.create', { name: 'Bob requester', baseUrl: service.baseUrl, apiKey: bob.apiKey });
    await shellChannel(shell, 'profiles.create', { name: 'Carol approver', baseUrl: service.baseUrl, apiKey: carol.apiKey });
    await page.reload();
    await page.locator('[data-app-state="ready"]').waitFor();
    const tags = async (version: string) => (await callDirect(service, 'registryModelItemDetails', { query: { workspaceName: 'admin', modelName: 'classifier', version } })).tags;

    // Bob asks for production on 2.0.0: the cockpit says who must approve and which webhooks hear of it; nothing moves yet.
    await useProfile(page, /^Bob requester/);
    await openClassifier(page);
    await page.getByRole('button', { name: 'Promote 2.0.0' }).click();
    const cockpit = page.getByRole('dialog', { name: 'Promote classifier 2.0.0' });
    await cockpit.getByRole('combobox', { name: 'Stage to add' }).fill('production');
    await expect(cockpit.getByRole('region', { name: 'Approval' })).toContainText('needs approval by a user other than the requester: one of carol');
    await expect(cockpit.getByRole('list', { name: 'Webhooks that will fire' })).toContainText('MODEL_VERSION_PROMOTION_REQUESTED, MODEL_VERSION_PROMOTION_APPROVED, MODEL_VERSION_STAGE_CHANGED');
    await cockpit.getByRole('textbox', { name: 'Comment for the history' }).fill('ready for release');
    await cockpit.getByRole('button', { name: 'Request stage production for 2.0.0' }).click();
    await expect(cockpit.getByRole('region', { name: 'Result of the promotion' })).toContainText('Promotion request filed');
    await expect(cockpit.getByRole('region', { name: 'Pending requests for this version' })).toContainText('stage production, requested by bob: “ready for release”');
    await cockpit.getByRole('button', { name: 'Close' }).click();
    expect(await tags('2.0.0')).toEqual([]);
    expect(await tags('1.0.0')).toEqual(['production']);

    // Carol sees it counted in the navigation and approves it from the inbox with a comment.
    await useProfile(page, /^Carol approver/);
    await page.getByRole('link', { name: 'Requests (1 to approve)' }).click();
    const inbox = page.getByRole('table', { name: 'Requests to approve' });
    await expect(inbox.getByRole('row').nth(1)).toContainText('classifier2.0.0stage production');
    await expect(inbox.getByRole('row').nth(1)).toContainText('bob');
    await inbox.getByRole('textbox', { name: 'Comment on the request for stage production for classifier 2.0.0' }).fill('approved after review');
    await inbox.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('No request waits for your approval.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Requests', exact: true })).toBeVisible();
    await expect.poll(() => tags('2.0.0')).toEqual(['production']);
    expect(await tags('1.0.0')).toEqual([]);
    await expect
      .poll(() => receiver.received.map((hook) => `${String(hook.body.eventType)} ${String(hook.body.version)}`).sort())
      .toEqual(['MODEL_VERSION_PROMOTION_APPROVED 2.0.0', 'MODEL_VERSION_PROMOTION_REQUESTED 2.0.0', 'MODEL_VERSION_STAGE_CHANGED 1.0.0', 'MODEL_VERSION_STAGE_CHANGED 2.0.0']);

    // The evidence, exported by the approver, compares 2.0.0 with the version it replaced and records the approval.
    await openClassifier(page);
    await page.getByRole('button', { name: 'Promote 2.0.0' }).click();
    const review = page.getByRole('dialog', { name: 'Promote classifier 2.0.0' });
    await review.getByRole('combobox', { name: 'Stage to add' }).fill('production');
    await review.getByRole('combobox', { name: 'Compare with' }).click();
    await page.getByRole('option', { name: '1.0.0', exact: true }).click();
    await expect(review.getByRole('table', { name: 'Metrics comparison' })).toContainText('0.81 (step 1)');
    const [download] = await Promise.all([page.waitForEvent('download'), review.getByRole('button', { name: 'Export evidence (HTML)' }).click()]);
    const html = await downloadedText(Promise.resolve(download));
    expect(html.text).toContain('<td>0.95 (step 1)</td>');
    expect(html.text).toContain('<td>0.81 (step 1)</td>');
    expect(html.text).toContain('<p>Outcome: approved</p>');
    expect(html.text).toContain('<p>By: carol at ');
    expect(html.text).toContain('<p>Comment: approved after review</p>');
    expect(html.text).toMatch(/<td>bob<\/td>\s*<td>ready for release<\/td>/);
  } finally {
    await receiver.close();
  }
});

test('approving in the cockpit confirms it, although the pending request leaves the screen with the approval', async ({ page, shell }) => {
  const { service, ids } = await seedPromotion(page, shell);
  const bob = await memberAccess(shell, service, 'bob');
  await callDirect(service, 'setRegistryPolicy', { body: { workspaceName: 'admin', modelName: 'classifier', rules: [{ kind: 'stage', value: 'production', approvers: [] }] } });
  await callDirect(bob, 'moveRegistryModelVersion', { body: { registryModelItemId: ids['2.0.0'], stage: 'production', comment: 'ready for release' } });

  await openClassifier(page);
  // The versions table shows what awaits approval; the chip opens the cockpit on the request.
  const awaiting = page.getByRole('table', { name: 'Versions' }).getByRole('link', { name: '2.0.0 awaits approval for stage production, requested by bob: open the request' });
  await expect(awaiting).toHaveText('Awaiting approval: stage production');
  await awaiting.click();
  await expect(page.getByRole('dialog', { name: 'Promote classifier 2.0.0' }).getByRole('region', { name: 'The request', exact: true })).toContainText('bob asks for stage production on 2.0.0');
  await page.getByRole('dialog', { name: 'Promote classifier 2.0.0' }).getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Promote 2.0.0' }).click();
  const pending = page.getByRole('dialog', { name: 'Promote classifier 2.0.0' }).getByRole('region', { name: 'Pending requests for this version' });
  await expect(pending).toContainText('stage production, requested by bob: “ready for release”');
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Approved the request for stage production for classifier 2.0.0.' })).toBeVisible();
  await expect(pending).toHaveCount(0);
  await page.getByRole('dialog', { name: 'Promote classifier 2.0.0' }).getByRole('button', { name: 'Close' }).click();
  await expect(awaiting).toHaveCount(0);
});

test('opening a request from the inbox opens the cockpit on it: candidate, stage, holder and comment filled in, Approve at hand', async ({ page, shell }) => {
  const { service, ids } = await seedPromotion(page, shell);
  const bob = await memberAccess(shell, service, 'bob');
  await callDirect(service, 'setRegistryPolicy', { body: { workspaceName: 'admin', modelName: 'classifier', rules: [{ kind: 'stage', value: 'production', approvers: [] }] } });
  await callDirect(bob, 'moveRegistryModelVersion', { body: { registryModelItemId: ids['2.0.0'], stage: 'production', comment: 'ready for release' } });

  await page.getByRole('link', { name: /^Requests/ }).click();
  await page.getByRole('table', { name: 'Requests to approve' }).getByRole('link', { name: 'Open the request for stage production for classifier 2.0.0' }).click();
  const cockpit = page.getByRole('dialog', { name: 'Promote classifier 2.0.0' });
  const request = cockpit.getByRole('region', { name: 'The request', exact: true });
  await expect(request).toContainText('bob asks for stage production on 2.0.0');
  await expect(request).toContainText('“ready for release”');
  await expect(cockpit.getByRole('combobox', { name: 'Stage to add' })).toHaveValue('production');
  await expect(cockpit).toContainText('Held now by 1.0.0.');
  await expect(cockpit.getByRole('region', { name: 'Comparison with 1.0.0' })).toBeVisible();
  await expect(request.getByRole('button', { name: 'Reject' })).toBeEnabled();
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Approved the request for stage production for classifier 2.0.0.' })).toBeVisible();
  await expect(request).toContainText('Approved by admin');
  await expect(cockpit.getByLabel('Decided change')).toHaveText('stage “production” for 2.0.0: approved by admin.');
  await expect(cockpit.getByRole('combobox', { name: 'Stage to add' })).toHaveCount(0);
  await expect(cockpit).not.toContainText('No other version holds it now.');
  expect((await callDirect(service, 'registryModelDetails', { query: { workspaceName: 'admin', modelName: 'classifier' } })).versions).toEqual(
    expect.arrayContaining([expect.objectContaining({ version: '1.0.0', stages: [] }), expect.objectContaining({ version: '2.0.0', stages: ['production'] })]),
  );
});
