import { expect, test } from './fixtures.ts';
import { openProjectForScript } from './script-client.ts';

/** The list and the header read again every few seconds; this is that with slack. */
const FOLLOWS = { timeout: 12_000 };

test('the Projects list and the project header count runs as a script logs them, and the table says the same count', async ({ page, shell }) => {
  const { projectId, script } = await openProjectForScript(page, shell, 'counted');
  const start = async (experimentName: string) =>
    String((await script.ok('createExperiment', { body: { workspaceName: 'admin', projectName: 'counted', experimentName } })).experimentKey);
  await start('first');
  await page.getByRole('link', { name: 'Projects', exact: true }).first().click();
  const listed = page.getByRole('row', { name: /counted/ });
  await expect(listed.getByRole('cell').nth(3)).toHaveText('1');

  // More runs arrive while the list is open: its count follows without a reload.
  for (const name of ['second', 'third', 'fourth']) await start(name);
  await expect(listed.getByRole('cell').nth(3)).toHaveText('4', FOLLOWS);

  // One is archived: the header and the list still count it, and the table, which hides it, says so in the same words.
  const archived = await start('fifth');
  await script.ok('archiveExperiment', { query: { experimentKey: archived } });
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await expect(page.getByText('5 experiments', { exact: true })).toBeVisible(FOLLOWS);
  await expect(page.getByTestId('experiment-count')).toHaveText('Showing 4 experiments of 4 · 5 in the project, archived included', FOLLOWS);
  await start('sixth');
  await expect(page.getByText('6 experiments', { exact: true })).toBeVisible(FOLLOWS);
  await expect(page.getByTestId('experiment-count')).toHaveText('Showing 5 experiments of 5 · 6 in the project, archived included', FOLLOWS);
});
