import { expect, test } from './fixtures.ts';
import { callDirect, embeddedServiceAccess, shellChannel } from './helpers/registry-seed.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

test('the run address the SDK prints names the run in a browser and links back to the app; ?open= shows that run in the browser shell', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const service = await embeddedServiceAccess(shell);
  const created = (await callDirect(service, 'createExperiment', { body: { workspaceName: 'admin', projectName: 'vision', experimentName: 'resnet sweep' } })) as { link: string; experimentKey: string };

  // Whoever opens the printed address in a browser gets the service's page, not a JSON 404.
  await page.goto(created.link);
  await expect(page.getByRole('heading', { name: 'resnet sweep' })).toBeVisible();
  await expect(page.getByText(`A run in the project vision of the workspace ${LOCAL_WORKSPACE}`, { exact: false })).toBeVisible();
  const appLink = new URL((await page.getByRole('link', { name: 'Open in Trackdesk' }).getAttribute('href'))!);
  expect(`${appLink.protocol}//${appLink.host}`).toBe('trackdesk://open');
  expect(appLink.searchParams.get('link')).toBe(created.link);

  // The browser shell takes the same address from its own: the run opens through the connection to its service.
  await page.goto(`${shell.url}&open=${encodeURIComponent(created.link)}`);
  await expect(page).toHaveURL(new RegExp(`#/experiments/${created.experimentKey}$`));
  await expect(page.getByRole('heading', { name: 'resnet sweep' })).toBeVisible();
  expect(new URL(page.url()).searchParams.has('open')).toBe(false);
});

test('?open= while a connection to another service is in use switches to the one that reaches the run, and says so', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const service = await embeddedServiceAccess(shell);
  const created = (await callDirect(service, 'createExperiment', { body: { workspaceName: 'admin', projectName: 'vision', experimentName: 'switch run' } })) as { link: string; experimentKey: string };
  const { profile } = await shellChannel<{ profile: { id: string } }>(shell, 'profiles.create', { name: 'Elsewhere', baseUrl: 'http://127.0.0.1:9', apiKey: 'k'.repeat(32), keyStorage: 'session' });
  await shellChannel(shell, 'profiles.setActive', { id: profile.id });

  await page.goto(`${shell.url}&open=${encodeURIComponent(created.link)}`);
  await expect(page.getByRole('status').filter({ hasText: 'Now using “Local”, the connection to the run\'s service.' })).toBeVisible();
  // The run stays the screen (the first screen's default does not take over); its code and data arrive after the
  // switch, which on a busy machine can take longer than the usual wait.
  await expect(page).toHaveURL(new RegExp(`#/experiments/${created.experimentKey}$`));
  await expect(page.getByRole('heading', { name: 'switch run' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Connection' })).toContainText('Local');
});

test('?open= with the address of a service no connection goes to says so and what to do', async ({ page, shell }) => {
  await page.goto(`${shell.url}&open=${encodeURIComponent('https://tracking.example.com/admin/vision/0123456789abcdef0123456789abcdef')}`);
  await expect(page.getByRole('alert').filter({ hasText: 'No connection goes to https://tracking.example.com' })).toContainText('add one on Connections, then open the address again.');
  await page.goto(`${shell.url}&open=${encodeURIComponent('https://tracking.example.com/vision')}`);
  await expect(page.getByRole('alert').filter({ hasText: 'This is not the address of a run' })).toBeVisible();
});
