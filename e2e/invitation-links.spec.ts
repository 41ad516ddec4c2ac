import { expect, test } from './fixtures.ts';
import { callDirect, embeddedServiceAccess } from './helpers/registry-seed.ts';
import { startSecondService } from './helpers/second-service.ts';
import { useConnection } from './helpers/sign-in.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

test('an invitation link opened in the browser names the workspace and carries a trackdesk:// link back to itself; ?join= opens the Join dialog with it', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const service = await embeddedServiceAccess(shell);
  const made = (await callDirect(service, 'createInvitation', { body: { workspaceName: 'admin', role: 'member' } })) as { link: string };

  // Whoever opens the link in a browser gets the service's page, not its JSON.
  await page.goto(made.link);
  await expect(page.getByRole('heading', { name: `Join “${LOCAL_WORKSPACE}” on Trackdesk` })).toBeVisible();
  await expect(page.getByText(`admin invites you to the workspace ${LOCAL_WORKSPACE} as a member.`, { exact: false })).toBeVisible();
  const open = page.getByRole('link', { name: 'Open in Trackdesk' });
  const appLink = new URL((await open.getAttribute('href'))!);
  expect(`${appLink.protocol}//${appLink.host}`).toBe('trackdesk://join');
  expect(appLink.searchParams.get('link')).toBe(made.link);
  await expect(page.locator('code')).toHaveText(made.link);

  // The browser shell takes the same link from its address: the Join dialog opens with it; the user presses Open.
  await page.goto(`${shell.url}&join=${encodeURIComponent(made.link)}`);
  const dialog = page.getByRole('dialog', { name: 'Join a workspace with an invitation' });
  await expect(dialog.getByRole('textbox', { name: 'Invitation link' })).toHaveValue(made.link);
  expect(new URL(page.url()).searchParams.has('join')).toBe(false);
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog.getByRole('alert', { name: 'Invitation' })).toContainText(`Join “${LOCAL_WORKSPACE}”`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();
});

test('a person with no connection to the team service joins from the link alone by signing in; once removed, the picker says their access ended', async ({ page, shell }) => {
  test.slow();
  const team = await startSecondService();
  try {
    const admin = { baseUrl: team.baseUrl, apiKey: team.apiKey };
    await callDirect(admin, 'createUser', { body: { userName: 'nora', password: 'nora-password-1' } });
    const made = (await callDirect(admin, 'createInvitation', { body: { workspaceName: 'admin', role: 'member' } })) as { link: string };
    await page.goto(shell.url);
    await page.locator('[data-app-state="ready"]').waitFor();

    // Only the embedded connection exists: the dialog offers signing in to the team's service, not a connection.
    await page.getByRole('link', { name: 'Connections' }).click();
    await page.getByRole('button', { name: 'Join with an invitation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join a workspace with an invitation' });
    await dialog.getByRole('textbox', { name: 'Invitation link' }).fill(made.link);
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(dialog.getByRole('alert', { name: 'Invitation' })).toContainText(`Join “admin” on ${team.baseUrl} as member`);
    await expect(dialog.getByRole('combobox', { name: 'Join as the user of' })).toHaveCount(0);
    const signIn = dialog.getByRole('region', { name: 'Sign in' });
    await expect(signIn.getByRole('textbox', { name: 'Connection name' })).toHaveValue('admin team');
    await signIn.getByRole('textbox', { name: 'User name' }).fill('nora');
    await signIn.getByLabel(/^Password/).fill('wrong-password');
    await signIn.getByRole('button', { name: 'Sign in and join' }).click();
    await expect(signIn.getByRole('alert')).toContainText('Could not sign in: Wrong user name or password.');
    await expect(signIn.getByLabel(/^Password/)).toHaveValue('');
    await signIn.getByLabel(/^Password/).fill('nora-password-1');
    await signIn.getByRole('button', { name: 'Sign in and join' }).click();
    await expect(page.getByText('You joined “admin” as member.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const members = (await callDirect(admin, 'listWorkspaceMembers', { query: { workspaceName: 'admin' } })).members;
    expect(members).toContainEqual(expect.objectContaining({ userName: 'nora', role: 'member' }));
    await expect(page.getByRole('table', { name: 'Connections' }).getByRole('row', { name: /admin team/ })).toBeVisible();

    // Her new connection shows the workspace she joined; once an admin removes her, the picker says so.
    await useConnection(page, 'admin team');
    await expect(page.getByRole('combobox', { name: 'Workspace' })).toContainText('admin');
    await callDirect(admin, 'removeWorkspaceMember', { body: { workspaceName: 'admin', userName: 'nora' } });
    await page.reload();
    const notice = page.getByRole('alert', { name: 'Workspace access ended' });
    await expect(notice).toHaveText('Your access to “admin” ended; showing “nora”.');
    await expect(page.getByRole('combobox', { name: 'Workspace' })).toContainText('nora');
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toBeHidden();
  } finally {
    await team.stop();
  }
});
