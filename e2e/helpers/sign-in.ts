import { expect, type Page } from '@playwright/test';

/** What a password sign-in through the window types: the connection's name, the service's address and the credentials. */
export interface PasswordSignIn {
  name: string;
  baseUrl: string;
  userName: string;
  password: string;
}

/** Signs in with a password on Connections and waits for the notice. */
export async function signInWithPassword(page: Page, { name, baseUrl, userName, password }: PasswordSignIn): Promise<void> {
  await page.getByRole('link', { name: 'Connections' }).click();
  await page.getByRole('button', { name: 'Sign in to a service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to a service' });
  await dialog.getByRole('textbox', { name: 'Connection name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Service address' }).fill(baseUrl);
  await dialog.getByRole('textbox', { name: 'User name' }).fill(userName);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in to “${name}” as ${userName}.`)).toBeVisible();
}

/** Makes the connection whose name starts with `name` the one in use, and waits until the window is ready on it. */
export async function useConnection(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: 'Connection' }).click();
  await page.getByRole('option', { name: typeof name === 'string' ? new RegExp(`^${name}`) : name }).click();
  await page.locator('[data-app-state="ready"]').waitFor();
}
