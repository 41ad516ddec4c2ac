import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { callService, seedExperiments, seedProject } from './experiments-seed.ts';
import { shellChannel } from './helpers/registry-seed.ts';
import { startSecondService, type SecondService } from './helpers/second-service.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

let team: SecondService;
test.beforeAll(async () => {
  team = await startSecondService();
});
test.afterAll(async () => team.stop());

/** Reads the team's service directly (setup and checks only). */
async function teamRead(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${team.baseUrl}/api/rest/v2/${path}`, { headers: { authorization: team.apiKey } });
  return (await response.json()) as Record<string, unknown>;
}

const pick = async (page: Page, name: string, option: string) => {
  await page.getByRole('dialog').getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

test('copies the selected experiments to another connection: losses said first, progress, checked copies linked both ways, reopened after closing', async ({ page, shell }) => {
  // The team's connection exists before the window opens (as one added earlier would).
  await shellChannel(shell, 'profiles.create', { name: 'Team', baseUrl: team.baseUrl, apiKey: team.apiKey, keyStorage: 'session' });
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  const projectId = await seedProject(shell, 'laptop');
  const keys = await seedExperiments(shell, 'laptop', ['a', 'b']);
  for (const experimentKey of keys) {
    const values = Array.from({ length: 500 }, (_, step) => ({ metricName: 'loss', metricValue: 1 / (step + 1), step }));
    await callService(shell, 'clientlibMetricBatch', { body: { experimentKey, values } });
    await callService(shell, 'addTags', { body: { experimentKey, addedTags: ['laptop-run'] } });
  }

  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select a', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Select b', exact: true }).click();
  await page.getByRole('toolbar', { name: 'Actions on the selected experiments' }).getByRole('button', { name: 'Copy to connection…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy 2 experiments to another connection' });
  await pick(page, 'Connection', 'Team');
  await pick(page, 'Workspace', 'admin');
  await dialog.getByRole('combobox', { name: 'Project' }).fill('published');
  await expect(dialog.getByLabel('What the copy loses')).toContainText('takes metric points and parameters in batches');
  await dialog.getByRole('button', { name: 'Copy 2 experiments' }).click();

  await expect(dialog.getByRole('progressbar', { name: 'Overall progress' })).toBeVisible();
  await expect(dialog.getByTestId('copy-job-state')).toHaveText('Done: every copy was checked against its source.', { timeout: 60_000 });
  await expect(dialog.getByRole('progressbar', { name: 'Progress of a' })).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog.getByRole('group', { name: 'Copy of b' })).toContainText('counts and checksums match');
  const links = dialog.getByRole('link', { name: 'Open the copy' });
  await expect(links).toHaveCount(2);
  expect(await links.first().getAttribute('href')).toMatch(new RegExp(`^${team.baseUrl}/admin/published/\\w+$`));

  // Closed and reopened: the job is still there.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Copies' }).click();
  await expect(page.getByRole('dialog').getByTestId('copy-job-state')).toHaveText(/^Done/);

  // On the team's service: two experiments, each with its full series and a tag naming its source.
  const { experiments } = (await teamRead('experiments?workspaceName=admin&projectName=published')) as { experiments: { experimentKey: string; experimentName: string }[] };
  expect(experiments.map((e) => e.experimentName).sort()).toEqual(['a', 'b']);
  for (const { experimentKey } of experiments) {
    const { tags } = (await teamRead(`experiment/tags?experimentKey=${experimentKey}`)) as { tags: string[] };
    expect(tags).toEqual(expect.arrayContaining(['laptop-run', expect.stringMatching(new RegExp(`^copied-from:http://127\\.0\\.0\\.1:\\d+/${LOCAL_WORKSPACE}/laptop/\\w+$`))]));
    const { metrics } = (await teamRead(`experiment/metrics/get-metric?experimentKey=${experimentKey}&metricName=loss`)) as { metrics: unknown[] };
    expect(metrics).toHaveLength(500);
  }
});
