import { api } from '../shared/api/index.ts';
import { fullPath } from '../shared/api/define.ts';
import { expect, test } from './fixtures.ts';
import { seedExperiments, seedProject } from './experiments-seed.ts';
import { embeddedServiceAccess, type ServiceAccess } from './helpers/registry-seed.ts';

/** Uploads a script as the Python SDK does: an asset of type source_code named by the script's path. */
async function uploadScript(access: ServiceAccess, experimentKey: string, fileName: string, text: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([text]), fileName);
  form.append('metadata', JSON.stringify({ source_code_type: 'experiment_creation' }));
  const query = new URLSearchParams({ experimentKey, type: 'source_code', fileName });
  const response = await fetch(`${access.baseUrl}${fullPath(api.uploadAsset)}?${query}`, { method: 'POST', body: form, headers: { authorization: access.apiKey } });
  expect(response.status).toBe(200);
}

test('the Code tab shows the script the SDK uploaded as text, and offers a large one as a download', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'scripts');
  const [experimentKey = ''] = await seedExperiments(shell, 'scripts', ['uploaded']);
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  const access = await embeddedServiceAccess(shell);
  const script = 'import comet_ml\nprint("<b>not markup</b>")\n';
  await uploadScript(access, experimentKey, '/home/ana/train.py', script);
  await uploadScript(access, experimentKey, '/home/ana/huge.py', `# ${'x'.repeat(600 * 1024)}\n`);

  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await page.getByRole('link', { name: 'uploaded' }).click();
  await page.getByRole('tab', { name: 'Code' }).click();
  await expect(page.getByLabel('Source code /home/ana/train.py')).toHaveText(script.trimEnd());
  await expect(page.getByText('No code logged.')).toHaveCount(0);
  await expect(page.locator('b', { hasText: 'not markup' })).toHaveCount(0);
  await expect(page.getByText(/Too large to show here/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download /home/ana/huge.py' })).toBeVisible();
});
