import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { callThroughApp, openApp } from './projects-api.ts';

async function projectWithExperiments(page: Page, workspaceName: string, projectName: string): Promise<string[]> {
  await callThroughApp(page, 'createProject', { body: { workspaceName, projectName, projectDescription: '', isPublic: false } });
  const keys: string[] = [];
  for (const experimentName of ['run-1', 'run-2']) {
    const reply = await callThroughApp<{ experimentKey: string }>(page, 'createExperiment', { body: { workspaceName, projectName, experimentName } });
    keys.push(reply.experimentKey);
  }
  return keys;
}

test('deleting a project but keeping its experiments moves them to "Uncategorized"', async ({ page, shell }) => {
  const workspace = await openApp(page, shell.url);
  await projectWithExperiments(page, workspace, 'old-work');
  await page.reload();
  await expect(page.getByRole('row', { name: /old-work/ }).getByRole('cell').nth(3)).toHaveText('2');
  await page.getByRole('button', { name: 'Actions for old-work' }).click();
  await page.getByRole('menuitem', { name: 'Delete project…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete project “old-work”?' });
  await expect(dialog).toContainText('It has 2 experiments.');
  await expect(dialog.getByRole('radio', { name: `Keep them: move them to the “Uncategorized” project of ${workspace}` })).toBeChecked();
  await dialog.getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Its 2 experiments moved to "Uncategorized".' })).toBeVisible();
  await expect(page.getByRole('row', { name: /old-work/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Uncategorized/ }).getByRole('cell').nth(3)).toHaveText('2');
});

test('deleting a project with its experiments sends them to the trash', async ({ page, shell }) => {
  const workspace = await openApp(page, shell.url);
  const keys = await projectWithExperiments(page, workspace, 'scratch');
  await page.reload();
  await page.getByRole('link', { name: 'scratch' }).click();
  await page.getByRole('button', { name: 'Delete project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete project “scratch”?' });
  await dialog.getByRole('radio', { name: /Delete them too/ }).check();
  await dialog.getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Its 2 experiments went to the trash.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Projects in ${workspace}` })).toBeVisible();
  await expect(page.getByRole('row', { name: /scratch/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Uncategorized/ })).toHaveCount(0);
  const trash = await callThroughApp<{ experiments: { experimentKey: string }[] }>(page, 'listTrashedExperiments', { query: { workspaceName: workspace } });
  expect(trash.experiments.map((experiment) => experiment.experimentKey).sort()).toEqual([...keys].sort());
});

test('the server refuses deleting "Uncategorized" while it holds experiments, and says why', async ({ page, shell }) => {
  const workspace = await openApp(page, shell.url);
  await callThroughApp(page, 'createExperiment', { body: { workspaceName: workspace, projectName: 'Uncategorized', experimentName: 'stray' } });
  await page.reload();
  await page.getByRole('button', { name: 'Actions for Uncategorized' }).click();
  await page.getByRole('menuitem', { name: 'Delete project…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete project “Uncategorized”?' });
  await dialog.getByRole('button', { name: 'Delete project' }).click();
  await expect(dialog.getByText('Could not delete the project: "Uncategorized" still holds experiments')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row', { name: /Uncategorized/ })).toBeVisible();
});
