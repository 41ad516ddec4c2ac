import { expect, test } from './fixtures.ts';
import { openClassifier, seedPromotion } from './helpers/governance-seed.ts';
import { callDirect } from './helpers/registry-seed.ts';

// A fresh shell and service, a policy edited and a request filed and cancelled: longer than the default minute on 2 cores.
test.slow();

test('the policy editor shows the refusal in place and keeps the rules typed; a requester files a request and cancels it from the inbox', async ({ page, shell }) => {
  const { service } = await seedPromotion(page, shell);
  await openClassifier(page);
  const policy = page.getByRole('region', { name: 'Approval policy' });
  await expect(policy.getByRole('status', { name: 'Policy in force' })).toHaveText('No approval is needed for any change. (the workspace default)');

  await policy.getByRole('button', { name: 'Add rule' }).click();
  await policy.getByRole('textbox', { name: 'Stage or status of rule 1' }).fill('staging');
  await policy.getByRole('textbox', { name: 'Approvers of rule 1' }).fill('nobody-here');
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(policy.getByRole('alert')).toHaveText('The service refused the policy: The approver "nobody-here" of stage "staging" is not a user of this service.');
  await expect(policy.getByRole('textbox', { name: 'Stage or status of rule 1' })).toHaveValue('staging');
  await policy.getByRole('textbox', { name: 'Approvers of rule 1' }).fill('');
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(policy.getByRole('status', { name: 'Policy in force' })).toHaveText('stage “staging”: approval by any other member (this model’s own rules)');
  await expect(policy.getByRole('alert')).toHaveCount(0);
  const stored = await callDirect(service, 'registryPolicy', { query: { workspaceName: 'admin', modelName: 'classifier' } });
  expect(stored.rules).toEqual([{ kind: 'stage', value: 'staging', approvers: [] }]);

  // admin asks for staging on 2.0.0: held back, then withdrawn from the inbox after a confirmation.
  await page.getByRole('button', { name: 'Promote 2.0.0' }).click();
  const cockpit = page.getByRole('dialog', { name: 'Promote classifier 2.0.0' });
  await cockpit.getByRole('combobox', { name: 'Stage to add' }).fill('staging');
  await cockpit.getByRole('button', { name: 'Request stage staging for 2.0.0' }).click();
  await expect(cockpit.getByRole('region', { name: 'Result of the promotion' })).toContainText('Promotion request filed');
  await cockpit.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('link', { name: 'Requests', exact: true }).click();
  const mine = page.getByRole('table', { name: 'Your pending requests' });
  await expect(mine.getByRole('row').nth(1)).toContainText('classifier2.0.0stage staging');
  await mine.getByRole('button', { name: 'Cancel request' }).click();
  await page.getByRole('dialog', { name: 'Cancel your request for stage staging for classifier 2.0.0?' }).getByRole('button', { name: 'Cancel request' }).click();
  await expect(page.getByText('You have no pending request.')).toBeVisible();
  const { requests } = (await callDirect(service, 'listPromotionRequests', { query: { workspaceName: 'admin', modelName: 'classifier' } })) as { requests: { state: string }[] };
  expect(requests.map((request) => request.state)).toEqual(['cancelled']);
  const item = await callDirect(service, 'registryModelItemDetails', { query: { workspaceName: 'admin', modelName: 'classifier', version: '2.0.0' } });
  expect(item.tags).toEqual([]);
});

test('the Stages dialog asks for a protected stage: it says so before confirming, files one request and the holder keeps the stage until approval', async ({ page, shell }) => {
  const { service } = await seedPromotion(page, shell);
  await callDirect(service, 'setRegistryPolicy', { body: { workspaceName: 'admin', modelName: 'classifier', rules: [{ kind: 'stage', value: 'production', approvers: [] }] } });
  await openClassifier(page);
  await page.getByRole('button', { name: 'Stages of 2.0.0' }).click();
  const stages = page.getByRole('dialog', { name: 'Stages of classifier 2.0.0' });
  await stages.getByRole('combobox', { name: 'Stage to add' }).fill('production');
  await expect(stages.getByRole('alert', { name: 'Approval needed' })).toContainText('needs approval by a user other than the requester: any other member of the workspace. Adding it files a promotion request');
  await stages.getByRole('button', { name: 'Request moving production here' }).click();
  const confirm = page.getByRole('dialog', { name: 'File a promotion request for 2.0.0?' });
  await expect(confirm).toContainText('The approval policy protects production: this files a promotion request instead of changing it');
  await confirm.getByRole('button', { name: 'File request' }).click();
  const result = stages.getByRole('region', { name: 'Result of the stage change' });
  await expect(result).toContainText('A promotion request was filed');
  await expect(result).toContainText('Request production for 2.0.0 (moved from its holders once approved)');
  const tags = async (version: string) => (await callDirect(service, 'registryModelItemDetails', { query: { workspaceName: 'admin', modelName: 'classifier', version } })).tags;
  expect(await tags('1.0.0')).toEqual(['production']);
  expect(await tags('2.0.0')).toEqual([]);
  const { requests } = (await callDirect(service, 'listPromotionRequests', { query: { workspaceName: 'admin', modelName: 'classifier' } })) as { requests: { state: string; operation: string; value: string }[] };
  expect(requests.map((request) => `${request.state} ${request.operation} ${request.value}`)).toEqual(['pending move production']);
});

test('a new version typed with a protected stage says so before it is created, and files the request', async ({ page, shell }) => {
  const { service } = await seedPromotion(page, shell);
  await callDirect(service, 'setRegistryPolicy', { body: { workspaceName: 'admin', modelName: 'classifier', rules: [{ kind: 'stage', value: 'production', approvers: [] }] } });
  await openClassifier(page);
  await page.getByRole('button', { name: 'New version…' }).click();
  const form = page.getByRole('dialog', { name: 'New version of classifier' });
  await form.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'vision' }).click();
  await form.getByRole('combobox', { name: 'Experiment', exact: true }).click();
  await page.getByRole('option', { name: /^run-2 / }).click();
  await form.getByRole('combobox', { name: 'Experiment model' }).click();
  await page.getByRole('option', { name: /^classifier/ }).click();
  await form.getByRole('textbox', { name: 'Version' }).fill('3.0.0');
  await form.getByRole('combobox', { name: 'Stages' }).fill('production');
  await form.getByRole('combobox', { name: 'Stages' }).press('Enter');
  await expect(form.getByRole('alert', { name: 'Approval needed' })).toContainText('The approval policy protects production: the version is created without it and a promotion request is filed');
  await form.getByRole('button', { name: 'Create version' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added version 3.0.0 to classifier; a promotion request was filed for production' })).toBeVisible();
  const item = await callDirect(service, 'registryModelItemDetails', { query: { workspaceName: 'admin', modelName: 'classifier', version: '3.0.0' } });
  expect(item.tags).toEqual([]);
  await expect(page.getByRole('table', { name: 'Versions' }).getByRole('link', { name: /^3\.0\.0 awaits approval for stage production/ })).toBeVisible();
});
