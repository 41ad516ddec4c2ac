import { expect, test } from './fixtures.ts';
import { downloadedText, seedPromotion } from './helpers/governance-seed.ts';
import { callDirect, memberAccess, seedExperimentModel } from './helpers/registry-seed.ts';

// A request, an approval, a later move and two exports against a fresh shell and service: longer than the default minute on 2 cores.
test.slow();

test('the lead approves, the stages move on, and the exported evidence still names the replaced version and its metrics', async ({ page, shell }) => {
  const { service, ids } = await seedPromotion(page, shell);
  const bob = await memberAccess(shell, service, 'bob');
  await callDirect(service, 'setRegistryPolicy', { body: { workspaceName: 'admin', modelName: 'classifier', rules: [{ kind: 'stage', value: 'production', approvers: [] }] } });
  await callDirect(bob, 'moveRegistryModelVersion', { body: { registryModelItemId: ids['2.0.0'], stage: 'production', comment: 'ready for release' } });

  // The lead approves from the inbox: 2.0.0 replaces 1.0.0 in production.
  await page.getByRole('link', { name: /^Requests/ }).click();
  const inbox = page.getByRole('table', { name: 'Requests to approve' });
  await inbox.getByRole('textbox', { name: 'Comment on the request for stage production for classifier 2.0.0' }).fill('better accuracy');
  await inbox.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('No request waits for your approval.')).toBeVisible();

  // The stages move on: 3.0.0 takes production from 2.0.0, and nobody holds what 1.0.0 held any more.
  await callDirect(service, 'setRegistryPolicy', { body: { workspaceName: 'admin', modelName: 'classifier', rules: null } });
  const third = await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-3', modelName: 'classifier' });
  const created = await callDirect(service, 'createRegistryModelVersion', { body: { experimentModelId: third.experimentModelId, registryModelName: 'classifier', version: '3.0.0' } });
  await callDirect(service, 'moveRegistryModelVersion', { body: { registryModelItemId: String(created.registryModelItemId), stage: 'production' } });

  // The inbox's decided list opens the cockpit on what the approver saw: 2.0.0 against 1.0.0, as recorded.
  await page.reload();
  await page.locator('[data-app-state="ready"]').waitFor();
  await page.getByRole('table', { name: 'Decided requests' }).getByRole('link', { name: 'Open what the approver saw for stage production for classifier 2.0.0' }).click();
  const cockpit = page.getByRole('dialog', { name: 'Promote classifier 2.0.0' });
  const saw = cockpit.getByRole('region', { name: 'What the approver saw' });
  await expect(saw).toContainText('as admin approved the request: 2.0.0 against 1.0.0, which held stage production then.');
  await expect(saw.getByRole('table', { name: 'Metrics comparison' })).toContainText('0.81 (step 1)');

  const [htmlDownload] = await Promise.all([page.waitForEvent('download'), cockpit.getByRole('button', { name: 'Export evidence (HTML)' }).click()]);
  const html = await downloadedText(Promise.resolve(htmlDownload));
  expect(html.name).toBe('evidence-classifier-2.0.0-production.html');
  expect(html.text).toContain('<h2>Recorded when the request was filed</h2>');
  expect(html.text).toContain('<h2>Recorded when the request was decided</h2>');
  expect(html.text).toMatch(/<td>Holder then<\/td><td>1\.0\.0<\/td><td>None<\/td><td>production<\/td>/);
  expect(html.text).toContain('<td>0.81 (step 1)</td>');
  expect(html.text).toContain('<td>0.95 (step 1)</td>');
  expect(html.text).toContain('<p>Comment: better accuracy</p>');
  expect(html.text).not.toContain('compared with nothing');
  expect(html.text).not.toContain('<td>3.0.0</td>');

  const [mdDownload] = await Promise.all([page.waitForEvent('download'), cockpit.getByRole('button', { name: 'Export evidence (Markdown)' }).click()]);
  const markdown = await downloadedText(Promise.resolve(mdDownload));
  expect(markdown.text).toContain('## When decided: Versions');
  expect(markdown.text).toContain('| Holder then | 1\\.0\\.0 | None | production |');
  expect(markdown.text).toContain('0\\.81 \\(step 1\\)');
});
