import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openClassifier, seedPromotion } from './helpers/governance-seed.ts';
import { signInWithPassword, useConnection } from './helpers/sign-in.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

// Four people, invitations, a policy, a request and its approval, through one shell: several minutes on 2 cores.
test.slow();

/** Makes `profile` the connection in use and the local service's workspace the one shown. */
async function useProfile(page: Page, profile: RegExp): Promise<void> {
  await useConnection(page, profile);
  await page.getByRole('combobox', { name: 'Workspace' }).click();
  await page.getByRole('option', { name: LOCAL_WORKSPACE, exact: true }).click();
}

test('a team through the window: users made, a lead and a viewer added, a researcher invited, a policy naming the lead, a request approved, the researcher removed, all in the audit trail', async ({ page, shell }) => {
  // Two versions of a model, logged as a training script would (1.0.0 in production).
  const { service } = await seedPromotion(page, shell);

  // The service admin makes the accounts.
  await page.getByRole('link', { name: 'Users' }).click();
  for (const userName of ['rex', 'lea', 'val']) {
    const form = page.getByRole('form', { name: 'Create a user' });
    await form.getByRole('textbox', { name: 'User name' }).fill(userName);
    await form.getByLabel(/^Password/).fill(`${userName}-password-1`);
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(`^${userName}`) })).toBeVisible();
  }

  // The workspace admin adds the lead and a viewer, and makes an invitation for the researcher.
  await page.getByRole('link', { name: 'Members' }).click();
  const add = page.getByRole('form', { name: 'Add a member' });
  for (const [userName, role] of [['lea', 'Member'], ['val', 'Viewer']] as const) {
    await add.getByRole('textbox', { name: 'User name' }).fill(userName);
    await add.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: role, exact: true }).click();
    await add.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByRole('table', { name: 'Members' }).getByRole('row', { name: new RegExp(userName) })).toContainText(role);
  }
  await page.getByRole('button', { name: 'Make invitation link' }).click();
  const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();

  // The approval policy: production needs the lead.
  await openClassifier(page);
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByRole('textbox', { name: 'Stage or status of rule 1' }).fill('production');
  await page.getByRole('textbox', { name: 'Approvers of rule 1' }).fill('lea');
  await page.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Saved the approval policy of classifier.')).toBeVisible();

  // The researcher signs in, joins by the invitation, and asks for production on 2.0.0.
  await signInWithPassword(page, { name: 'Rex', baseUrl: service.baseUrl, userName: 'rex', password: 'rex-password-1' });
  await page.getByRole('button', { name: 'Join with an invitation' }).click();
  const join = page.getByRole('dialog', { name: 'Join a workspace with an invitation' });
  await join.getByRole('textbox', { name: 'Invitation link' }).fill(link);
  await join.getByRole('button', { name: 'Open' }).click();
  await join.getByRole('combobox', { name: 'Join as the user of' }).click();
  await page.getByRole('option', { name: 'Rex' }).click();
  await join.getByRole('button', { name: 'Join workspace' }).click();
  await expect(page.getByText(`You joined “${LOCAL_WORKSPACE}” as member.`)).toBeVisible();
  await useProfile(page, /^Rex/);
  await openClassifier(page);
  await page.getByRole('button', { name: 'Promote 2.0.0' }).click();
  const cockpit = page.getByRole('dialog', { name: 'Promote classifier 2.0.0' });
  await cockpit.getByRole('combobox', { name: 'Stage to add' }).fill('production');
  await expect(cockpit.getByRole('region', { name: 'Approval' })).toContainText('one of lea');
  await cockpit.getByRole('button', { name: 'Request stage production for 2.0.0' }).click();
  await expect(cockpit.getByRole('region', { name: 'Result of the promotion' })).toContainText('Promotion request filed');
  await cockpit.getByRole('button', { name: 'Close' }).click();

  // The lead signs in and approves it from the inbox.
  await signInWithPassword(page, { name: 'Lea', baseUrl: service.baseUrl, userName: 'lea', password: 'lea-password-1' });
  await useProfile(page, /^Lea/);
  await page.getByRole('link', { name: 'Requests (1 to approve)' }).click();
  await page.getByRole('table', { name: 'Requests to approve' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('No request waits for your approval.')).toBeVisible();

  // The viewer sees the model and its new production version, and cannot change it.
  await signInWithPassword(page, { name: 'Val', baseUrl: service.baseUrl, userName: 'val', password: 'val-password-1' });
  await useProfile(page, /^Val/);
  await openClassifier(page);
  await expect(page.getByRole('button', { name: 'Promote 2.0.0' })).toBeDisabled();
  await expect(page.getByRole('alert', { name: 'Your role' })).toContainText(`You are a viewer of “${LOCAL_WORKSPACE}”`);

  // The admin removes the researcher: his next request is refused.
  await useProfile(page, /^Local/);
  await page.getByRole('link', { name: 'Members' }).click();
  await page.getByRole('button', { name: 'Remove rex' }).click();
  await page.getByRole('dialog', { name: `Remove rex from “${LOCAL_WORKSPACE}”?` }).getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByText(`rex was removed from “${LOCAL_WORKSPACE}”.`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Connection' }).click();
  await page.getByRole('option', { name: /^Rex/ }).click();
  await page.locator('[data-app-state="ready"]').waitFor();
  await expect(page.getByRole('combobox', { name: 'Workspace' })).not.toContainText(LOCAL_WORKSPACE);

  // The audit trail of the workspace shows each step.
  await useProfile(page, /^Local/);
  await page.getByRole('link', { name: 'Audit trail' }).click();
  const trail = page.getByRole('table', { name: 'Audit trail' });
  for (const step of [/member\.added.*lea/, /member\.added.*val/, /invitation\.created/, /registry\.policyChanged/, /invitation\.used.*rex/, /member\.removed.*rex/]) {
    await expect(trail.getByRole('row', { name: step })).toBeVisible();
  }
});
