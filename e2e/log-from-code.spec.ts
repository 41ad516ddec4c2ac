import { join } from 'node:path';
import { expect, invokeInPage, test } from './fixtures.ts';
import { seedProject } from './experiments-seed.ts';
import { readCometConfig, ScriptClient, scriptSettingsFromApp } from './script-client.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

test('a newcomer on an empty local service learns how to log a first run, and sees its project arrive', async ({ page, shell }) => {
  const answers: string[] = [];
  page.on('response', (response) => void response.text().then((text) => answers.push(text), () => undefined));
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  const firstRun = page.getByRole('region', { name: 'Log your first run' });
  await expect(firstRun).toContainText(`${LOCAL_WORKSPACE} has no projects yet.`);
  // The browser shell offers no copy: the panel says save, and only save.
  await expect(firstRun).toContainText('create a key for scripts, save the settings below as a .comet.config file, and run your script.');
  await expect(firstRun.getByTestId('script-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/clientlib\/$/);
  await expect(firstRun.getByLabel('Shell snippet')).toContainText("export COMET_API_KEY='<the key: in the .comet.config Trackdesk saves>'");
  await expect(firstRun.getByRole('button', { name: 'Save .comet.config' })).toBeDisabled();

  await firstRun.getByRole('button', { name: 'Create a key for scripts' }).click();
  await expect(firstRun.getByRole('status')).toHaveText('A key for scripts was created.');
  // Where it is kept, in the Connections screen's words: the keychain, or without one the data folder (never "the keychain" then).
  const { keychain } = (await invokeInPage(page, 'profiles.list')).data as { keychain: { available: boolean } };
  await expect(firstRun).toContainText(`A key for scripts is ready (${keychain.available ? 'in the OS keychain' : 'in Trackdesk’s data folder, readable by you only'}).`);
  await expect(firstRun.getByRole('note')).toHaveCount(keychain.available ? 0 : 1);
  // A folder that does not exist: the answer says so and what to do, never a raw system code.
  const missing = join(shell.userDataDir, 'no-such-folder', '.comet.config');
  await firstRun.getByLabel('Config file').fill(missing);
  await firstRun.getByRole('button', { name: 'Save .comet.config' }).click();
  await expect(firstRun.getByRole('alert')).toHaveText(
    `Cannot save ${missing}: the folder ${join(shell.userDataDir, 'no-such-folder')} does not exist. Create the folder first, or choose another one.`,
  );
  const configPath = join(shell.userDataDir, '.comet.config');
  await firstRun.getByLabel('Config file').fill(configPath);
  await firstRun.getByRole('button', { name: 'Save .comet.config' }).click();
  await expect(firstRun.getByRole('status')).toHaveText(`Saved the config file with the key to ${configPath}.`);
  const settings = await readCometConfig(configPath);
  expect(settings.url).toBe(await firstRun.getByTestId('script-url').textContent());

  // A script with these settings logs a first run: its project replaces the first-run view without a reload.
  const script = new ScriptClient(settings);
  await script.ok('createExperiment', { body: { workspaceName: 'admin', projectName: 'first-steps', experimentName: 'hello' } });
  await expect(page.getByRole('button', { name: 'first-steps', exact: true }).or(page.getByRole('link', { name: 'first-steps', exact: true }))).toBeVisible();
  await expect(firstRun).toBeHidden();

  // Revoked from the same panel (Connections): the script is refused from then on.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections' }).click();
  await page.getByRole('button', { name: 'Log from code to Local' }).click();
  const dialog = page.getByRole('dialog', { name: /from your code/ });
  await dialog.getByRole('button', { name: 'Revoke the key' }).click();
  await page.getByRole('dialog', { name: 'Revoke the key for scripts?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog.getByRole('status')).toHaveText('The key for scripts was revoked.');
  await expect(dialog.getByRole('button', { name: 'Create a key for scripts' })).toBeVisible();
  expect((await script.call('accountDetails', {})).status).toBe(401);

  // The key never reached the page: not in its document, not in anything the app answered it.
  expect(await page.content()).not.toContain(settings.apiKey);
  expect(answers.length).toBeGreaterThan(5);
  for (const answer of answers) expect(answer).not.toContain(settings.apiKey);
});

test('"Log from your code" is offered in an open project, by its toolbar and its empty table, with snippets naming that project (issue 33)', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'vision');
  await seedProject(shell, 'another');
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();

  for (const opener of [page.getByRole('button', { name: 'Log from your code' }), page.getByRole('button', { name: 'Log a run from your code' })]) {
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Log to “vision” from your code' });
    await dialog.getByRole('tab', { name: 'Python' }).click();
    await expect(dialog.getByLabel('Python snippet')).toContainText(`comet_ml.start(workspace="${LOCAL_WORKSPACE}", project_name="vision")`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }

  // A script run with those settings into the named project shows in the open table.
  const script = new ScriptClient(await scriptSettingsFromApp(shell));
  await script.ok('createExperiment', { body: { workspaceName: 'admin', projectName: 'vision', experimentName: 'from-code' } });
  await expect(page.getByRole('table', { name: 'Experiments' }).getByRole('link', { name: 'from-code' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log a run from your code' })).toBeHidden();
});
