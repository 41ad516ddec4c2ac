import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInWithPassword, useConnection } from './helpers/sign-in.ts';
import { openClassifier } from './helpers/governance-seed.ts';
import { callDirect, embeddedServiceAccess, seedExperimentModel } from './helpers/registry-seed.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

// A sign-in and a walk through every screen, twice, against a fresh shell and service: longer than the default minute on 2 cores.
test.slow();

const REASON = `Needs the member role; you are a viewer in “${LOCAL_WORKSPACE}”.`;

/** The control is disabled and says why in a tooltip (shown on the span around it: a disabled button gets no events). */
async function expectRefused(page: Page, control: Locator, reason: string): Promise<void> {
  await expect(control).toBeDisabled();
  await control.locator('xpath=..').hover();
  const tooltip = page.getByRole('tooltip').filter({ hasText: reason });
  await expect(tooltip).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeHidden();
}

/**
 * Visits each screen of workspace `admin` and checks its write controls as `role`: a viewer finds them disabled with
 * the reason, a member enabled; both find the admins' webhook editing disabled with the reason.
 */
async function checkScreens(page: Page, role: 'viewer' | 'member'): Promise<void> {
  const reason = role === 'viewer' ? REASON : null;
  const check = async (control: Locator, why = reason) => {
    if (why === null) await expect(control).toBeEnabled();
    else await expectRefused(page, control, why);
  };
  await page.getByRole('link', { name: 'Projects' }).click();
  await check(page.getByRole('button', { name: 'New project' }));
  await page.getByRole('link', { name: 'vision' }).click();
  await check(page.getByRole('button', { name: 'Edit project' }));
  await check(page.getByRole('button', { name: 'Delete project' }));
  await check(page.getByRole('button', { name: 'New experiment' }));
  await page.getByRole('checkbox', { name: 'Select run-1' }).click();
  const bulk = page.getByRole('toolbar', { name: 'Actions on the selected experiments' });
  await check(bulk.getByRole('button', { name: 'Archive' }));
  await check(bulk.getByRole('button', { name: 'Move…' }));
  await page.getByRole('link', { name: 'run-1' }).click();
  await check(page.getByRole('button', { name: 'Rename' }));
  await check(page.getByRole('button', { name: 'Delete', exact: true }));
  await page.getByRole('tab', { name: 'Assets' }).click();
  await check(page.getByRole('button', { name: 'Upload files…' }));
  await check(page.getByRole('button', { name: 'Add remote assets…' }));
  await check(page.getByRole('button', { name: 'Delete weights.bin' }));
  await page.getByRole('link', { name: 'Registry', exact: true }).click();
  await check(page.getByRole('button', { name: 'Register a model' }));
  await openClassifier(page);
  await check(page.getByRole('button', { name: 'New version…' }));
  await check(page.getByRole('button', { name: 'Edit model…' }));
  await check(page.getByRole('button', { name: 'Promote 1.0.0' }));
  await check(page.getByRole('button', { name: 'Metadata of 1.0.0' }));
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await check(page.getByRole('button', { name: 'Add webhook' }), `Needs the admin role; you are a ${role} in “${LOCAL_WORKSPACE}”.`);
}

test('a viewer sees every write control disabled with the reason, and a member sees them enabled', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  // The data is seeded through the service's API; the membership through its members endpoint; the rest through the window.
  const service = await embeddedServiceAccess(shell);
  await callDirect(service, 'createUser', { body: { userName: 'vera', password: 'vera-password-1' } });
  await callDirect(service, 'addWorkspaceMember', { body: { workspaceName: 'admin', userName: 'vera', role: 'viewer' } });
  const { experimentModelId } = await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-1', modelName: 'classifier' });
  await callDirect(service, 'createRegistryModel', { body: { experimentModelId, registryModelName: 'classifier', version: '1.0.0' } });

  await signInWithPassword(page, { name: 'Team as vera', baseUrl: service.baseUrl, userName: 'vera', password: 'vera-password-1' });
  await useConnection(page, 'Team as vera');
  await page.getByRole('combobox', { name: 'Workspace' }).click();
  await page.getByRole('option', { name: LOCAL_WORKSPACE, exact: true }).click();

  await checkScreens(page, 'viewer');

  // Made a member, she finds the same controls enabled but for the admins' ones (the members read is taken again on the next screen).
  await callDirect(service, 'setWorkspaceMemberRole', { body: { workspaceName: 'admin', userName: 'vera', role: 'member' } });
  await page.reload();
  await page.locator('[data-app-state="ready"]').waitFor();
  await checkScreens(page, 'member');
});
