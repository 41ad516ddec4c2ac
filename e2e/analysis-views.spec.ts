import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { callService } from './experiments-seed.ts';
import { callDirect, embeddedServiceAccess } from './helpers/registry-seed.ts';
import { signInWithPassword, useConnection } from './helpers/sign-in.ts';
import { openProjectForScript } from './script-client.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

// Two users, a sign-in and several screens against a fresh shell and service: longer than the default minute on 2 cores.
test.slow();

const REASON = `Needs the member role; you are a viewer in “${LOCAL_WORKSPACE}”.`;
/** A kind of panel no app knows yet: a view saved by a newer app keeps it, and this app shows it as such. */
const NEWER_PANEL = 'Unknown panel “heatmap”';

/** The analysis view's filter box (the table's filter text). */
const filterBox = (page: Page) => page.getByRole('main').getByRole('combobox', { name: 'Filter experiments' });

test('a view saved on the service comes back with its panels and filter, and a viewer opens its link read-only', async ({ page, shell, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shell.origin });
  const { projectId } = await openProjectForScript(page, shell, 'sweep');
  // A view another (newer) app saved: one panel of a kind this app does not know, and the table's filter.
  const state = { panels: [{ id: 'p1', kind: 'heatmap', settings: { metric: 'loss' } }], table: { query: 'lr < 0.01', columns: [], sort: null } };
  await callService(shell, 'createAnalysisView', { body: { projectId, name: 'from a newer app', state } });

  await page.getByRole('link', { name: 'Analysis' }).click();
  await expect(page.getByTestId('current-view')).toHaveText('Unsaved view');
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: /from a newer app/ }).click();
  await expect(page.getByTestId('current-view')).toHaveText('View: from a newer app');
  await expect(page.getByRole('region', { name: NEWER_PANEL })).toBeVisible();
  await expect(filterBox(page)).toHaveValue('lr < 0.01');

  // Saved under a new name: the address names the view; the table's filter changed in the table marks it unsaved.
  await page.getByRole('button', { name: 'Save as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as a new view' });
  await dialog.getByRole('textbox', { name: 'View name' }).fill('best lr');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByTestId('current-view')).toHaveText('View: best lr');
  await expect(page).toHaveURL(/analysis\?view=/);
  const viewId = new URL(page.url().replace('#/', '')).searchParams.get('view') ?? '';
  const saved = await callService(shell, 'getAnalysisView', { query: { viewId } });
  expect(saved).toMatchObject({ name: 'best lr', version: 1, state: { panels: [{ id: 'p1', kind: 'heatmap', settings: { metric: 'loss' } }], table: { query: 'lr < 0.01' } } });

  // The local panels and filter changed (panel removed, filter cleared in the table), then the reloaded app opens the view again from the list.
  await page.getByRole('button', { name: `Remove ${NEWER_PANEL}` }).click();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await page.getByRole('combobox', { name: 'Filter experiments' }).fill('');
  await page.reload();
  await page.getByRole('link', { name: 'Analysis' }).click();
  await expect(page.getByRole('region', { name: NEWER_PANEL })).toHaveCount(0);
  await expect(filterBox(page)).toHaveValue('');
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: /best lr/ }).click();
  await expect(page.getByTestId('current-view')).toHaveText('View: best lr');
  await expect(page.getByRole('region', { name: NEWER_PANEL })).toBeVisible();
  await expect(filterBox(page)).toHaveValue('lr < 0.01');
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  // "Copy link" gives the app link holding the view's address on this service.
  await page.getByRole('button', { name: 'View actions' }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  const appLink = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(`${appLink.protocol}//${appLink.host}`).toBe('trackdesk://open');
  const address = appLink.searchParams.get('view') ?? '';
  expect(address).toMatch(new RegExp(`/analysis-views/${viewId}$`));

  // A viewer of the workspace, on her own connection, opens the link: the same view, with the write controls disabled and why.
  const service = await embeddedServiceAccess(shell);
  await callDirect(service, 'createUser', { body: { userName: 'vera', password: 'vera-password-1' } });
  await callDirect(service, 'addWorkspaceMember', { body: { workspaceName: 'admin', userName: 'vera', role: 'viewer' } });
  await signInWithPassword(page, { name: 'Team as vera', baseUrl: service.baseUrl, userName: 'vera', password: 'vera-password-1' });
  await useConnection(page, 'Team as vera');
  await page.goto(`${shell.url}&openView=${encodeURIComponent(address)}`);
  await expect(page.getByTestId('current-view')).toHaveText('View: best lr');
  await expect(page.getByRole('region', { name: NEWER_PANEL })).toBeVisible();
  await expect(filterBox(page)).toHaveValue('lr < 0.01');
  await expect(page.getByRole('combobox', { name: 'Connection' })).toContainText('Team as vera');
  const saveAs = page.getByRole('button', { name: 'Save as…' });
  await expect(saveAs).toBeDisabled();
  await saveAs.locator('xpath=..').hover();
  await expect(page.getByRole('tooltip').filter({ hasText: REASON })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save view' })).toBeDisabled();
});

test('"Compare in analysis" in the table\'s bulk bar opens the project\'s analysis view', async ({ page, shell }) => {
  const { projectId } = await openProjectForScript(page, shell, 'compared');
  for (const experimentName of ['run-a', 'run-b']) await callService(shell, 'createExperiment', { body: { workspaceName: 'admin', projectName: 'compared', experimentName } });
  await page.reload();
  await page.getByRole('checkbox', { name: 'Select run-a' }).click();
  await page.getByRole('checkbox', { name: 'Select run-b' }).click();
  await page.getByRole('toolbar', { name: 'Actions on the selected experiments' }).getByRole('button', { name: 'Compare in analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis of compared' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/projects/${projectId}/analysis$`));
});
