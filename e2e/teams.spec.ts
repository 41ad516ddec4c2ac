import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { openClassifier } from './helpers/governance-seed.ts';
import { callDirect, embeddedServiceAccess, seedExperimentModel, shellChannel } from './helpers/registry-seed.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

// A sign-in, role changes and a sign-out against a fresh shell and service: longer than the default minute on 2 cores.
test.slow();

/** Makes `profile` the connection in use and `workspace` the one shown, from the top bar. */
async function useProfile(page: Page, profile: RegExp, workspace: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Connection' }).click();
  await page.getByRole('option', { name: profile }).click();
  await page.locator('[data-app-state="ready"]').waitFor();
  await page.getByRole('combobox', { name: 'Workspace' }).click();
  await page.getByRole('option', { name: workspace, exact: true }).click();
}

test('an admin adds a user as a viewer, who signs in with a password, reads but may not manage members, is promoted, and signs out', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const service = await embeddedServiceAccess(shell);
  // The account and a registered model are made through the API; everything else goes through the window.
  await callDirect(service, 'createUser', { body: { userName: 'rita', password: 'rita-password-1' } });
  const { experimentModelId } = await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-1', modelName: 'classifier' });
  await callDirect(service, 'createRegistryModel', { body: { experimentModelId, registryModelName: 'classifier', version: '1.0.0' } });

  // The admin adds rita to the local workspace as a viewer, and sees her listed.
  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: `Members of “${LOCAL_WORKSPACE}”` })).toBeVisible();
  const add = page.getByRole('form', { name: 'Add a member' });
  await add.getByRole('textbox', { name: 'User name' }).fill('rita');
  await add.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await add.getByRole('button', { name: 'Add member' }).click();
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table.getByRole('row', { name: /rita/ })).toContainText('Viewer');
  // A user that does not exist is refused with the service's words, and the name typed stays.
  await add.getByRole('textbox', { name: 'User name' }).fill('nobody');
  await add.getByRole('button', { name: 'Add member' }).click();
  await expect(add.getByRole('alert')).toContainText('Could not add “nobody”: No user named "nobody"');
  await expect(add.getByRole('textbox', { name: 'User name' })).toHaveValue('nobody');

  // rita signs in with her password: a connection appears; the key it holds is never shown.
  await page.getByRole('link', { name: 'Connections' }).click();
  await page.getByRole('button', { name: 'Sign in to a service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to a service' });
  await dialog.getByRole('textbox', { name: 'Connection name' }).fill('Team as rita');
  await dialog.getByRole('textbox', { name: 'Service address' }).fill(service.baseUrl);
  await dialog.getByRole('textbox', { name: 'User name' }).fill('rita');
  await dialog.getByLabel(/^Password/).fill('wrong-password');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Wrong user name or password.');
  await dialog.getByLabel(/^Password/).fill('rita-password-1');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signed in to “Team as rita” as rita.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Connections' }).getByRole('row', { name: /Team as rita/ })).toContainText('OS keychain');

  // As a viewer of admin she sees the members read-only.
  await useProfile(page, /^Team as rita/, LOCAL_WORKSPACE);
  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByText(`Read-only: Needs the admin role; you are a viewer in “${LOCAL_WORKSPACE}”. Only the workspace’s admins add, change or remove members.`)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add a member' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('row', { name: /rita \(you\)/ })).toContainText('Viewer');
  // The webhook editor is read-only for her, with the reason, instead of refusing on save.
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByText(new RegExp(`^Read-only: Needs the admin role; you are a viewer in “${LOCAL_WORKSPACE}”\\. Only the workspace’s admins change webhooks`))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add webhook' })).toBeDisabled();
  // Everywhere she is told what her role allows; a model's versions offer her no change.
  await expect(page.getByRole('alert', { name: 'Your role' })).toContainText(`You are a viewer of “${LOCAL_WORKSPACE}”: you can read everything in it`);
  await openClassifier(page);
  await expect(page.getByRole('button', { name: 'Promote 1.0.0' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete version 1.0.0' })).toBeDisabled();

  // The admin promotes her to member; her screen follows on its next read.
  await useProfile(page, /^Local/, LOCAL_WORKSPACE);
  await page.getByRole('link', { name: 'Members' }).click();
  await page.getByRole('combobox', { name: 'Role of rita' }).click();
  await page.getByRole('option', { name: /^Member/ }).click();
  await expect(page.getByText('rita is now a member.')).toBeVisible();
  expect((await callDirect(service, 'listWorkspaceMembers', { query: { workspaceName: 'admin' } })).members).toContainEqual(expect.objectContaining({ userName: 'rita', role: 'member' }));

  // She signs out: the key is revoked on the service, the connection stays without one.
  await page.getByRole('link', { name: 'Connections' }).click();
  await page.getByRole('button', { name: 'Sign out of Team as rita' }).click();
  await page.getByRole('dialog', { name: 'Sign out of “Team as rita”?' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText(/Signed out of "Team as rita": its key is revoked on the service/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out of Team as rita' })).toHaveCount(0);
  const keys = (await callDirect(service, 'serviceAuditTrail', { query: { action: 'key.revoked' } })).events as { after: { userName: string } }[];
  expect(keys.map((event) => event.after.userName)).toContain('rita');
});

test('an admin makes an invitation link, a person joins with it from the connection in use, and the admin sees it used', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const service = await embeddedServiceAccess(shell);
  await callDirect(service, 'createUser', { body: { userName: 'lena', password: 'lena-password-1' } });
  await shellChannel(shell, 'profiles.signIn', { name: 'Lena', baseUrl: service.baseUrl, userName: 'lena', password: 'lena-password-1' });

  await page.getByRole('link', { name: 'Members' }).click();
  await page.getByRole('combobox', { name: 'Invite as' }).click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await page.getByRole('button', { name: 'Make invitation link' }).click();
  const linkField = page.getByRole('textbox', { name: 'Invitation link' });
  await expect(linkField).toHaveValue(/\/api\/rest\/v2\/ext\/invitations\/info\?token=/);
  const link = await linkField.inputValue();

  // Lena opens it on her connection, the one in use: the dialog joins as her, not as the first connection there.
  await page.reload();
  await page.locator('[data-app-state="ready"]').waitFor();
  await page.getByRole('combobox', { name: 'Connection' }).click();
  await page.getByRole('option', { name: /^Lena/ }).click();
  await page.locator('[data-app-state="ready"]').waitFor();
  await page.getByRole('link', { name: 'Connections' }).click();
  await page.getByRole('button', { name: 'Join with an invitation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join a workspace with an invitation' });
  await dialog.getByRole('textbox', { name: 'Invitation link' }).fill(link);
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog.getByRole('alert', { name: 'Invitation' })).toContainText(`Join “${LOCAL_WORKSPACE}”`);
  await expect(dialog.getByRole('alert', { name: 'Invitation' })).toContainText('as viewer, invited by admin');
  await expect(dialog.getByRole('combobox', { name: 'Join as the user of' })).toHaveText('Lena');
  await dialog.getByRole('button', { name: 'Join workspace' }).click();
  await expect(page.getByText(`You joined “${LOCAL_WORKSPACE}” as viewer.`)).toBeVisible();
  // Her connection now opens the workspace she joined, not her own empty default one.
  await expect(page.getByRole('combobox', { name: 'Workspace' })).toContainText(LOCAL_WORKSPACE);
  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByText(new RegExp(`Read-only: Needs the admin role; you are a viewer in “${LOCAL_WORKSPACE}”`))).toBeVisible();

  await useProfile(page, /^Local/, LOCAL_WORKSPACE);
  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('row', { name: /lena/ })).toContainText('Viewer');
  await expect(page.getByRole('table', { name: 'Invitations' }).getByRole('row').nth(1)).toContainText('used by lena');
});

test('a user makes a read-only key for a script into a config file, sees it listed without the key, and revokes it', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  await page.getByRole('link', { name: 'My keys' }).click();
  const form = page.getByRole('region', { name: 'New key for a script' });
  await form.getByRole('textbox', { name: 'Key name' }).fill('gpu-07');
  await form.getByRole('checkbox', { name: 'Read only' }).check();
  const configPath = join(shell.userDataDir, 'gpu-07.config');
  await form.getByRole('textbox', { name: 'Config file' }).fill(configPath);
  await form.getByRole('button', { name: 'Make and save config file' }).click();
  await expect(page.getByText(`Key “gpu-07”`)).toBeVisible();
  const config = await readFile(configPath, 'utf8');
  const key = /api_key = (\w{40})/.exec(config)?.[1] ?? '';
  expect(key).toHaveLength(40);
  const row = page.getByRole('table', { name: 'My keys' }).getByRole('row', { name: /gpu-07/ });
  await expect(row).toContainText(`${key.slice(0, 8)}…`);
  await expect(row).toContainText('read only');
  expect(await page.content()).not.toContain(key);
  await row.getByRole('button', { name: 'Revoke gpu-07' }).click();
  await page.getByRole('dialog', { name: 'Revoke the key “gpu-07”?' }).getByRole('button', { name: 'Revoke key' }).click();
  await expect(row).toContainText('revoked');
});

test('a service admin creates a user and disables them, and the audit trail shows both and exports as CSV', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  await page.getByRole('link', { name: 'Users' }).click();
  const form = page.getByRole('form', { name: 'Create a user' });
  await form.getByRole('textbox', { name: 'User name' }).fill('omar');
  await form.getByLabel(/^Password/).fill('omar-password-1');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('User omar created; their default workspace is “omar”.')).toBeVisible();
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /omar/ });
  await expect(row).toContainText('active');
  await expect(row).toContainText('set');
  await row.getByRole('button', { name: 'Disable omar' }).click();
  await page.getByRole('dialog', { name: 'Disable omar?' }).getByRole('button', { name: 'Disable user' }).click();
  await expect(row).toContainText('disabled');

  // The admin may name the new user's default workspace (needed when a workspace of someone else's has their name).
  await form.getByRole('textbox', { name: 'User name' }).fill('pia');
  await form.getByRole('textbox', { name: 'Default workspace (optional)' }).fill('pia-lab');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('User pia created; their default workspace is “pia-lab”.')).toBeVisible();

  await page.getByRole('link', { name: 'Audit trail' }).click();
  await page.getByLabel('Whole service (service admins)').check();
  const trail = page.getByRole('table', { name: 'Audit trail' });
  await expect(trail.getByRole('row', { name: /user\.updated/ })).toContainText('"disabled":true');
  await expect(trail.getByRole('row', { name: /user\.created.*omar/ })).toContainText('admin');
  await page.getByRole('textbox', { name: 'Made by' }).fill('admin');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'user.updated' }).click();
  await expect(trail.getByRole('row')).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit-service.csv');
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('id,at,actor,key,workspace,action,target,before,after');
  expect(csv).toContain(',admin,');
  expect(csv).toContain(',user.updated,omar,');
});
