import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openApp } from './projects-api.ts';

const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';
const DARK_BACKGROUND = 'rgb(18, 18, 18)';

/** The page's background colour, as the theme paints it. */
async function background(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

async function choose(page: Page, label: 'System' | 'Light' | 'Dark'): Promise<void> {
  await page.getByRole('button', { name: 'Appearance' }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
  await expect(page.getByRole('menu', { name: 'Appearance' })).toBeHidden();
}

test('System follows the operating system; Light and Dark apply at once and stay after a reload', async ({ page, shell }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openApp(page, shell.url);
  await expect.poll(() => background(page)).toBe(DARK_BACKGROUND);

  await choose(page, 'Light');
  await expect.poll(() => background(page)).toBe(LIGHT_BACKGROUND);
  await page.reload();
  await page.locator('[data-app-state="ready"]').waitFor();
  await expect.poll(() => background(page)).toBe(LIGHT_BACKGROUND);
  await page.getByRole('button', { name: 'Appearance' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  await page.emulateMedia({ colorScheme: 'light' });
  await choose(page, 'Dark');
  await expect.poll(() => background(page)).toBe(DARK_BACKGROUND);
  await page.reload();
  await page.locator('[data-app-state="ready"]').waitFor();
  await expect.poll(() => background(page)).toBe(DARK_BACKGROUND);

  await choose(page, 'System');
  await expect.poll(() => background(page)).toBe(LIGHT_BACKGROUND);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => background(page)).toBe(DARK_BACKGROUND);
});
