import { expect, test } from './fixtures.ts';
import { downloadedText, openClassifier, seedPromotion } from './helpers/governance-seed.ts';
import { callDirect, memberAccess } from './helpers/registry-seed.ts';

// A request, an approval, a download and a delete against a fresh shell and service: longer than the default minute on 2 cores.
test.slow();

test('a version opened from the versions table shows its details, follows a request filed elsewhere, and acts from its page', async ({ page, shell }) => {
  const { service, ids } = await seedPromotion(page, shell);
  await callDirect(service, 'setRegistryPolicy', { body: { workspaceName: 'admin', modelName: 'classifier', rules: [{ kind: 'stage', value: 'production', approvers: [] }] } });
  await callDirect(service, 'updateRegistryModelItemMetadata', { params: { registryModelItemId: ids['2.0.0'] }, body: { metadata: [{ key: 'dataset', value: 'imagenet-2026' }] } });

  await openClassifier(page);
  await page.getByRole('table', { name: 'Versions' }).getByRole('link', { name: '2.0.0', exact: true }).click();
  await expect(page).toHaveURL(/\/registry\/classifier\/2\.0\.0$/);
  await expect(page.getByRole('heading', { name: 'classifier 2.0.0', exact: true })).toBeVisible();
  const facts = page.getByLabel('About this version');
  await expect(facts).toContainText('StatusNone');
  await expect(facts).toContainText('Awaiting approvalNothing awaits approval.');
  await expect(facts).toContainText('CommentNo comment.');
  await expect(page.getByLabel('Metadata of the version')).toContainText('"dataset": "imagenet-2026"');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('table', { name: 'Files of the version' }).getByRole('button', { name: 'Download weights.bin' }).click()]);
  expect(await downloadedText(Promise.resolve(download))).toEqual({ name: 'weights.bin', text: 'weights of classifier from run-2' });

  // Bob asks for production elsewhere: the open page shows it awaits approval, linking to the request in the cockpit.
  const bob = await memberAccess(shell, service, 'bob');
  await callDirect(bob, 'moveRegistryModelVersion', { body: { registryModelItemId: ids['2.0.0'], stage: 'production', comment: 'ready for release' } });
  const awaiting = facts.getByRole('link', { name: '2.0.0 awaits approval for stage production, requested by bob: open the request' });
  await expect(awaiting).toHaveText('Awaiting approval: stage production');
  await expect(awaiting).toHaveAttribute('href', /\/registry\/classifier\?request=/);

  // Approved from the version's own Promote…: the stage moves, the page and its history follow.
  await page.getByRole('button', { name: 'Promote 2.0.0' }).click();
  const cockpit = page.getByRole('dialog', { name: 'Promote classifier 2.0.0' });
  await cockpit.getByRole('region', { name: 'Pending requests for this version' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Approved the request for stage production for classifier 2.0.0.' })).toBeVisible();
  await cockpit.getByRole('button', { name: 'Close' }).click();
  await expect(facts).toContainText('Awaiting approvalNothing awaits approval.');
  await expect(facts).toContainText('Stages (tags)production');
  await expect(page.getByRole('table', { name: 'Version history' })).toContainText('production');
  // One version's history: no version column or filter to pick the only version with.
  await expect(page.getByRole('group', { name: 'History filters' }).getByRole('combobox')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Version history' }).getByRole('columnheader', { name: 'Version' })).toHaveCount(0);

  // Deleted from its page (confirmed first): back to the model, which no longer lists it.
  await page.getByRole('button', { name: 'Delete version 2.0.0' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete version 2.0.0' }).click();
  await expect(page).toHaveURL(/\/registry\/classifier$/);
  await expect(page.getByRole('table', { name: 'Versions' }).getByRole('link', { name: '2.0.0', exact: true })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Versions' }).getByRole('link', { name: '1.0.0', exact: true })).toBeVisible();
});

test('an address naming a version the model does not have says so and leads back to the model', async ({ page, shell }) => {
  await seedPromotion(page, shell);
  await page.goto(`${shell.origin}/#/registry/classifier/9.9.9`);
  await expect(page.getByText('The model “classifier” has no version 9.9.9')).toBeVisible();
  await page.getByRole('link', { name: 'All versions' }).click();
  await expect(page.getByRole('heading', { name: 'classifier', exact: true })).toBeVisible();
});
