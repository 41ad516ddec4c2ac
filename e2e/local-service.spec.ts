import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { localServiceInfo, startApp, stopApp, stopLocalService, type AppUnderTest } from './helpers/app-process.ts';
import { shellChannel } from './helpers/registry-seed.ts';
import { ScriptClient, scriptSettingsFromApp } from './script-client.ts';

/** A port free right now (the test's own stand-in for the app's fixed default, which other tests must not collide on). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** How many local service processes run on a data folder. */
function servicesOn(userDataDir: string): number {
  const list = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return list.split('\n').filter((line) => line.includes('--trackdesk-local-service') && line.includes(join(userDataDir, 'service'))).length;
}

let userDataDir = '';
const apps: AppUnderTest[] = [];
test.beforeEach(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'trackdesk-e2e-local-'));
});
test.afterEach(async () => {
  for (const app of apps.splice(0)) await stopApp(app);
  await stopLocalService(userDataDir);
  expect(servicesOn(userDataDir)).toBe(0);
  await rm(userDataDir, { recursive: true, force: true });
});

test('a saved .comet.config keeps working across app restarts and while the app is closed (issue 42)', async ({ page }) => {
  const port = await freePort();
  const first = await startApp(userDataDir, port);
  apps.push(first);
  await page.goto(first.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  const settings = await scriptSettingsFromApp(first);
  expect(settings.url).toBe(`http://127.0.0.1:${port}/clientlib/`);
  await page.getByRole('button', { name: 'Local service running' }).click();
  await expect(page.getByRole('dialog', { name: 'Local service' })).toContainText(`Local service: running since`);
  await expect(page.getByRole('dialog', { name: 'Local service' })).toContainText(`at http://127.0.0.1:${port}`);
  const script = new ScriptClient(settings);
  await script.ok('createExperiment', { body: { workspaceName: 'admin', projectName: 'before-restart', experimentName: 'one' } });

  // The app closes: its service keeps serving the saved config.
  expect(await stopApp(first)).toBe(0);
  await page.goto('about:blank');
  const { experimentKey } = (await script.ok('createExperiment', { body: { workspaceName: 'admin', projectName: 'while-closed', experimentName: 'evening' } })) as { experimentKey: string };
  await script.ok('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: 0.5, step: 1 } });

  // The app opens again: the same service, its runs there, and a run logged now shows without a reload.
  const second = await startApp(userDataDir, port);
  apps.push(second);
  await page.goto(second.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  expect(await shellChannel(second, 'service.status', {})).toMatchObject({ state: 'ready', baseUrl: `http://127.0.0.1:${port}` });
  await expect(page.getByRole('button', { name: 'before-restart', exact: true }).or(page.getByRole('link', { name: 'before-restart', exact: true }))).toBeVisible();
  await page.getByRole('button', { name: 'while-closed', exact: true }).or(page.getByRole('link', { name: 'while-closed', exact: true })).click();
  const table = page.getByRole('table', { name: 'Experiments' });
  await expect(table.getByRole('link', { name: 'evening' })).toBeVisible();
  await script.ok('createExperiment', { body: { workspaceName: 'admin', projectName: 'while-closed', experimentName: 'after-reopen' } });
  await expect(table.getByRole('link', { name: 'after-reopen' })).toBeVisible();
  expect(servicesOn(userDataDir)).toBe(1);
});

test('when another program holds the port the window says so and what to do, and nothing logs to it', async ({ page }) => {
  let hits = 0;
  const other = createServer((_request, response) => {
    hits += 1;
    response.end('someone else');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const { port } = other.address() as AddressInfo;
  try {
    const app = await startApp(userDataDir, port);
    apps.push(app);
    await page.goto(app.url);
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: 'The local service is not running' });
    await expect(alert).toContainText(`Port ${port} on 127.0.0.1 is used by another program`);
    await expect(alert).toContainText('choose another port for the local service (here, or with TRACKDESK_LOCAL_PORT)');
    await expect(alert.getByLabel('Another port')).toBeVisible();
    expect(await localServiceInfo(userDataDir)).toBeUndefined();
    expect(servicesOn(userDataDir)).toBe(0);
    // The app never took another port silently: it sent the other program nothing, and has no address to hand scripts.
    expect(hits).toBe(0);
    expect(await shellChannel(app, 'service.status', {})).toMatchObject({ state: 'failed', problem: 'port-taken', port });
  } finally {
    other.close();
  }
});

test('two app instances on one data folder share one local service', async ({ browser }) => {
  const port = await freePort();
  const [one, two] = await Promise.all([startApp(userDataDir, port), startApp(userDataDir, port)]);
  apps.push(one, two);
  for (const app of [one, two]) {
    const page = await browser.newPage();
    await page.goto(app.url);
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Local service running' })).toBeVisible();
    await page.close();
  }
  expect(await shellChannel(one, 'service.status', {})).toMatchObject({ state: 'ready', baseUrl: `http://127.0.0.1:${port}` });
  expect(await shellChannel(two, 'service.status', {})).toMatchObject({ state: 'ready', baseUrl: `http://127.0.0.1:${port}` });
  expect(servicesOn(userDataDir)).toBe(1);
});
