import { eventsInOrder, expect, invokeInPage, test } from './fixtures.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

test('the browser shell runs the embedded service and pushes its status to the page', async ({ page, shell }) => {
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();

  const restarted = await eventsInOrder(page, 'service.status', { channel: 'service.restart' }, [{ state: 'stopped' }, { state: 'ready' }]);
  expect(restarted).toMatchObject({ profileId: 'local', state: 'ready', baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });

  const test = await invokeInPage(page, 'profiles.test', { id: 'local' });
  expect(test).toMatchObject({ ok: true, data: { ok: true, userName: 'admin', workspaceNames: [LOCAL_WORKSPACE] } });
  const created = await invokeInPage(page, 'api.call', { endpoint: 'createWorkspace', body: { name: 'from-the-browser' } });
  expect(created).toMatchObject({ ok: true, data: { msg: 'saved', workspace_name: 'from-the-browser' } });
  const listed = await invokeInPage(page, 'api.call', { endpoint: 'listWorkspaces' });
  expect(listed).toMatchObject({ ok: true, data: { workspaceNames: expect.arrayContaining([LOCAL_WORKSPACE, 'from-the-browser']) } });
});

test('the page keeps the token for its tab only: never in a cookie, the address or localStorage; a reload keeps working', async ({ page, shell }) => {
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  const token = new URL(shell.url).searchParams.get('token') ?? '';
  expect(token).not.toBe('');
  const places = await page.evaluate(() => ({ cookie: document.cookie, address: location.href, local: JSON.stringify(localStorage), tab: JSON.stringify(sessionStorage) }));
  expect(places.cookie).toBe('');
  expect(places.address).not.toContain(token);
  expect(places.local).not.toContain(token);
  expect(places.tab).toContain(token);
  expect(await page.context().cookies()).toEqual([]);

  await page.reload();
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  const profiles = await invokeInPage(page, 'profiles.list');
  expect(profiles).toMatchObject({ ok: true, data: { profiles: [{ id: 'local', kind: 'embedded' }] } });
  expect(JSON.stringify(profiles)).not.toMatch(/apiKey/i);
});

test('the token in a cookie opens nothing: cookies reach every port of 127.0.0.1', async ({ page, shell }) => {
  const token = new URL(shell.url).searchParams.get('token') ?? '';
  await page.context().addCookies([{ name: 'trackdesk_token', value: token, url: shell.origin }]);
  await page.goto(shell.origin);
  const status = await page.evaluate(async () => (await fetch('/ipc/app.info', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
  expect(status).toBe(401);
  await expect(page.getByText('Open the address Trackdesk printed', { exact: false }).first()).toBeVisible();
});

test('a page on another origin cannot call the shell', async ({ page, shell }) => {
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  const status = await page.request.post(`${shell.origin}/ipc/app.info`, {
    data: {},
    headers: { origin: 'https://attacker.example' },
  });
  expect(status.status()).toBe(403);
});
