import { expect, test } from './fixtures.ts';
import { callDirect, embeddedServiceAccess } from './helpers/registry-seed.ts';

test('an invitation link opened in the browser names the workspace and carries a trackdesk:// link back to itself; ?join= opens the Join dialog with it', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const service = await embeddedServiceAccess(shell);
  const made = (await callDirect(service, 'createInvitation', { body: { workspaceName: 'admin', role: 'member' } })) as { link: string };

  // Whoever opens the link in a browser gets the service's page, not its JSON.
  await page.goto(made.link);
  await expect(page.getByRole('heading', { name: 'Join “admin” on Trackdesk' })).toBeVisible();
  await expect(page.getByText('admin invites you to the workspace admin as a member.', { exact: false })).toBeVisible();
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
  await expect(dialog.getByRole('alert', { name: 'Invitation' })).toContainText('Join “admin”');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();
});
