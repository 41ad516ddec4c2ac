import { eventsInOrder, expect, invokeInPage, test } from './fixtures.ts';

test('the browser shell runs the embedded service and pushes its status to the page', async ({ page, shell }) => {
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();

  const restarted = await eventsInOrder(page, 'service.status', { channel: 'service.restart' }, [{ state: 'stopped' }, { state: 'ready' }]);
  expect(restarted).toMatchObject({ profileId: 'local', state: 'ready', baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });

  const test = await invokeInPage(page, 'profiles.test', { id: 'local' });
  expect(test).toMatchObject({ ok: true, data: { ok: true, userName: 'admin', workspaceNames: ['admin'] } });
  const created = await invokeInPage(page, 'api.call', { endpoint: 'createWorkspace', body: { name: 'from-the-browser' } });
  expect(created).toMatchObject({ ok: true, data: { msg: 'saved', workspace_name: 'from-the-browser' } });
  const listed = await invokeInPage(page, 'api.call', { endpoint: 'listWorkspaces' });
  expect(listed).toMatchObject({ ok: true, data: { workspaceNames: expect.arrayContaining(['admin', 'from-the-browser']) } });
});

test('the page never holds the access token or an API key in script-readable places', async ({ page, shell }) => {
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  const token = new URL(shell.url).searchParams.get('token') ?? '';
  const readable = await page.evaluate(() => [document.cookie, location.href, JSON.stringify(localStorage), JSON.stringify(sessionStorage)].join('\n'));
  expect(token).not.toBe('');
  expect(readable).not.toContain(token);
  const profiles = await invokeInPage(page, 'profiles.list');
  expect(profiles).toMatchObject({ ok: true, data: { profiles: [{ id: 'local', kind: 'embedded' }] } });
  expect(JSON.stringify(profiles)).not.toMatch(/apiKey/i);
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
