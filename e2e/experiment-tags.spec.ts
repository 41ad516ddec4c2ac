import type { Page } from '@playwright/test';
import { expect, test, type ShellUnderTest } from './fixtures.ts';
import { callService, seedExperiments, seedProject } from './experiments-seed.ts';

const table = (page: Page) => page.getByRole('table', { name: 'Experiments' });
const tagsCell = (page: Page, name: string) =>
  table(page).locator('[data-row-key]').filter({ has: page.getByRole('link', { name, exact: true }) }).locator('.exp-tag');
const report = (page: Page) => page.getByLabel('Result of the last action');
const tagsOf = async (shell: ShellUnderTest, experimentKey: string) => (await callService(shell, 'getTags', { query: { experimentKey } })).tags;

test('removes tags from a row, from the selection and from the experiment page, and Undo puts them back (issue 33)', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'tagged');
  const [a = '', b = ''] = await seedExperiments(shell, 'tagged', ['a', 'b']);
  await callService(shell, 'addTags', { body: { experimentKey: a, addedTags: ['gpu', 'best'] } });
  await callService(shell, 'addTags', { body: { experimentKey: b, addedTags: ['gpu'] } });
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();

  // One tag from one row, and back.
  await page.getByRole('button', { name: 'Remove tag best from a' }).click();
  await expect(report(page)).toContainText('Removed tags from 1 experiment.');
  await expect(tagsCell(page, 'a')).toHaveText(['gpu']);
  expect(await tagsOf(shell, a)).toEqual(['gpu']);
  await report(page).getByRole('button', { name: 'Undo' }).click();
  await expect(tagsCell(page, 'a')).toHaveText(['gpu', 'best']);

  // A tag from the whole selection, and back onto the experiments that had it.
  await page.getByRole('checkbox', { name: 'Select a', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Select b', exact: true }).click();
  await page.getByRole('toolbar', { name: 'Actions on the selected experiments' }).getByRole('button', { name: 'Remove tags…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove tags' });
  await dialog.getByRole('checkbox', { name: 'gpu (on 2 of 2)' }).check();
  await dialog.getByRole('button', { name: 'Remove tags' }).click();
  await expect(report(page)).toContainText('Removed tags from 2 experiments.');
  await expect(tagsCell(page, 'b')).toHaveCount(0);
  expect([await tagsOf(shell, a), await tagsOf(shell, b)]).toEqual([['best'], []]);
  await report(page).getByRole('button', { name: 'Undo' }).click();
  await expect(tagsCell(page, 'b')).toHaveText(['gpu']);
  expect([await tagsOf(shell, a), await tagsOf(shell, b)]).toEqual([['best', 'gpu'], ['gpu']]);

  // On the experiment page: the chip's ×, and Undo in the notice.
  await page.goto(`${shell.origin}/#/experiments/${a}`);
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags.getByRole('listitem')).toHaveText(['best', 'gpu']);
  await tags.getByRole('button', { name: 'Remove tag best' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Removed the tag “best” from “a”.' });
  await expect(tags.getByRole('listitem')).toHaveText(['gpu']);
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(tags.getByRole('listitem')).toHaveText(['gpu', 'best']);
  expect(await tagsOf(shell, a)).toEqual(['gpu', 'best']);

  // Undoing Add tags takes away only the tags the experiment did not have.
  await page.getByRole('button', { name: 'Add tags' }).click();
  const add = page.getByRole('dialog', { name: 'Add tags' });
  await add.getByLabel('Tags').fill('gpu');
  await add.getByLabel('Tags').press('Enter');
  await add.getByLabel('Tags').fill('fresh');
  await add.getByRole('button', { name: 'Add tags' }).click();
  await expect(tags.getByRole('listitem')).toHaveText(['gpu', 'best', 'fresh']);
  await page.getByRole('status').filter({ hasText: 'Tagged 1 experiment.' }).getByRole('button', { name: 'Undo' }).click();
  await expect(tags.getByRole('listitem')).toHaveText(['gpu', 'best']);
  expect(await tagsOf(shell, a)).toEqual(['gpu', 'best']);
});
