import type { Page } from '@playwright/test';
import { calculatePKCECodeChallenge, randomPKCECodeVerifier } from 'openid-client';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer, type ChildServer } from '../server/test/support/child-server.ts';
import { startOidcProvider, type TestOidcProvider } from '../server/test/support/oidc-provider.ts';
import { expect, test } from './fixtures.ts';
import { callDirect } from './helpers/registry-seed.ts';
import { signInWithPassword, useConnection } from './helpers/sign-in.ts';

let provider: TestOidcProvider;
let service: ChildServer;
let dataDir: string;
const ADMIN_PASSWORD = 'break-glass-admin-password';

// The provider, and the standalone service started with the single sign-on flags a team's admin would use.
test.beforeAll(async () => {
  provider = await startOidcProvider({
    'sub-rosa': { email: 'rosa@example.com', name: 'Rosa Researcher', preferred_username: 'rosa', groups: ['ml-researchers'] },
    'sub-liam': { email: 'liam@example.com', name: 'Liam Lead', preferred_username: 'liam', groups: ['ml-leads'] },
  });
  dataDir = await mkdtemp(join(tmpdir(), 'trackdesk-e2e-sso-'));
  const roleMap = join(dataDir, 'roles.json');
  await writeFile(roleMap, JSON.stringify([
    { value: 'ml-leads', workspace: 'ml-team', role: 'admin' },
    { value: 'ml-researchers', workspace: 'ml-team', role: 'member' },
  ]));
  service = await startChildServer(join(dataDir, 'service'), { TRACKDESK_OIDC_CLIENT_SECRET: provider.clientSecret, TRACKDESK_BOOTSTRAP_PASSWORD: ADMIN_PASSWORD }, [
    '--oidc-issuer', provider.issuer,
    '--oidc-client-id', provider.clientId,
    '--oidc-name', 'Example ID',
    '--oidc-scopes', 'openid email profile groups',
    '--oidc-role-claim', 'groups',
    '--oidc-role-map', roleMap,
  ]);
  // The service's admin makes the team's workspace (the rules only make one for a person they map to as its admin).
  const apiKey = (await readFile(join(dataDir, 'service', 'admin-api-key'), 'utf8')).trim();
  await callDirect({ baseUrl: service.url, apiKey }, 'createWorkspace', { body: { name: 'ml-team' } });
});
test.afterAll(async () => {
  service.child.kill('SIGTERM');
  await service.exited;
  await provider.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Opens the sign-in dialog with the connection's name and the service's address typed (the address left, so the app asks the service). */
async function openSignIn(page: Page, name: string) {
  await page.getByRole('link', { name: 'Connections' }).click();
  await page.getByRole('button', { name: 'Sign in to a service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to a service' });
  await dialog.getByRole('textbox', { name: 'Connection name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Service address' }).fill(service.url);
  await dialog.getByRole('textbox', { name: 'Service address' }).blur();
  return dialog;
}

/** Goes through the provider's own pages in the tab the app opened: its login form, then its consent. */
async function signInAtProvider(tab: Page, subject: string): Promise<void> {
  await tab.getByPlaceholder('Enter any login').fill(subject);
  await tab.getByPlaceholder('and password').fill('any password: the test provider checks none');
  await tab.getByRole('button', { name: 'Sign-in' }).click();
  await tab.getByRole('button', { name: 'Continue' }).click();
}

test('a researcher signs in with the provider: a connection appears, and the groups claim made her a member of the team workspace', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const dialog = await openSignIn(page, 'Team');
  const tabOpened = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: 'Sign in with Example ID' }).click();
  const tab = await tabOpened;
  await expect(dialog.getByText('Waiting for you to sign in with Example ID in your browser')).toBeVisible();
  await signInAtProvider(tab, 'sub-rosa');
  // The provider sends the tab back to the app's loopback, which says what happened there too.
  await expect(tab.getByRole('heading', { name: 'Signed in to Trackdesk' })).toBeVisible();
  await expect(tab.getByText('You are signed in as rosa on "Team".')).toBeVisible();
  await expect(page.getByText('Signed in to “Team” with Example ID as rosa.')).toBeVisible();
  const row = page.getByRole('table', { name: 'Connections' }).getByRole('row', { name: /Team/ });
  await expect(row).toContainText('OS keychain');
  // Nothing shaped like a key (40 letters and digits) is on the screen.
  expect(await page.locator('body').innerText()).not.toMatch(/(?<![\w-])[A-Za-z0-9]{40}(?![\w-])/);

  // On that connection, the team workspace lists her as a member, as the provider's groups say.
  await page.getByRole('combobox', { name: 'Connection' }).click();
  await page.getByRole('option', { name: /^Team/ }).click();
  await page.locator('[data-app-state="ready"]').waitFor();
  await page.getByRole('combobox', { name: 'Workspace' }).click();
  await page.getByRole('option', { name: 'ml-team' }).click();
  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('row', { name: /rosa/ })).toContainText('Member');
});

test('a sign-in the provider refuses, and one cancelled while the provider waits, each say so and add nothing', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const dialog = await openSignIn(page, 'Refused');
  let tabOpened = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: 'Sign in with Example ID' }).click();
  let tab = await tabOpened;
  await tab.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(tab.getByText(/refused the sign-in \(access_denied/)).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('Could not sign in with Example ID: The identity provider refused the sign-in (access_denied');

  tabOpened = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: 'Sign in with Example ID' }).click();
  tab = await tabOpened;
  await dialog.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(dialog.getByText('Sign-in cancelled: nothing was added.')).toBeVisible();
  await signInAtProvider(tab, 'sub-liam');
  await expect(tab.locator('body')).not.toContainText('Signed in to Trackdesk');
  await dialog.getByRole('button', { name: 'Cancel' }).last().click();
  await expect(page.getByRole('table', { name: 'Connections' })).not.toContainText('Refused');
});

test('a person with only an invitation link signs in with the provider from the Join dialog and joins', async ({ page, shell }) => {
  const apiKey = (await readFile(join(dataDir, 'service', 'admin-api-key'), 'utf8')).trim();
  await callDirect({ baseUrl: service.url, apiKey }, 'createWorkspace', { body: { name: 'vision' } });
  const made = (await callDirect({ baseUrl: service.url, apiKey }, 'createInvitation', { body: { workspaceName: 'vision', role: 'viewer' } })) as { link: string };
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  await page.getByRole('link', { name: 'Connections' }).click();
  await page.getByRole('button', { name: 'Join with an invitation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join a workspace with an invitation' });
  await dialog.getByRole('textbox', { name: 'Invitation link' }).fill(made.link);
  await dialog.getByRole('button', { name: 'Open' }).click();
  const signIn = dialog.getByRole('region', { name: 'Sign in' });
  const tabOpened = page.context().waitForEvent('page');
  await signIn.getByRole('button', { name: 'Sign in with Example ID' }).click();
  await signInAtProvider(await tabOpened, 'sub-liam');
  await expect(page.getByText('You joined “vision” as viewer.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Connections' }).getByRole('row', { name: /vision team/ })).toContainText('OS keychain');
  const members = (await callDirect({ baseUrl: service.url, apiKey }, 'listWorkspaceMembers', { query: { workspaceName: 'vision' } })).members;
  expect(members).toContainEqual(expect.objectContaining({ userName: 'liam', role: 'viewer' }));
});

test("a service admin rechecks everyone with the provider from the Users screen: the one it no longer lets in is shut out", async ({ page, shell }) => {
  // Rosa has signed in once (here as a script would, through the service's endpoints), so the service holds her refresh token.
  const codeVerifier = randomPKCECodeVerifier();
  const anonymous = { baseUrl: service.url, apiKey: '' };
  const started = await callDirect(anonymous, 'startSsoSignIn', { body: { redirectUri: 'http://127.0.0.1:53682/trackdesk/callback', codeChallenge: await calculatePKCECodeChallenge(codeVerifier) } });
  const callbackUrl = String(await provider.signInThroughPages(started.authorizationUrl as string, 'sub-rosa'));
  expect(await callDirect(anonymous, 'finishSsoSignIn', { body: { callbackUrl, codeVerifier, keyName: 'script' } })).toMatchObject({ userName: 'rosa' });
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  await signInWithPassword(page, { name: 'Team as admin', baseUrl: service.url, userName: 'admin', password: ADMIN_PASSWORD });
  await useConnection(page, 'Team as admin');
  await page.getByRole('link', { name: 'Users' }).click();
  const sso = page.getByLabel('Single sign-on');
  await sso.getByRole('button', { name: 'Recheck everyone with Example ID now' }).click();
  await expect(sso.getByRole('list', { name: 'Recheck outcomes' })).toContainText('rosa: still let in');
  provider.people.delete('sub-rosa');
  await sso.getByRole('button', { name: 'Recheck everyone with Example ID now' }).click();
  await expect(sso.getByRole('list', { name: 'Recheck outcomes' })).toContainText('rosa: shut out');
  await expect(sso.getByRole('list', { name: 'Recheck outcomes' })).toContainText(/The provider no longer lets them in: \d+ keys? revoked\./);
});
