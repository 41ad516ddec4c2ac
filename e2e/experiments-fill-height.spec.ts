import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seedExperiments, seedProject } from './experiments-seed.ts';

/** Where the table's scroll box ends, against the window's bottom (negative: a band under it; positive: cut off). */
const overhang = (page: Page) =>
  page.getByLabel('Experiments table, scrollable').evaluate((element) => Math.round(element.getBoundingClientRect().bottom - window.innerHeight));

test('the table reaches down to the bottom of the window as bars come and go above it: no blank band, no row cut off', async ({ page, shell }) => {
  const projectId = await seedProject(shell, 'tall');
  await seedExperiments(shell, 'tall', Array.from({ length: 40 }, (_, index) => `run-${index}`));
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();
  await expect.poll(() => overhang(page)).toBeGreaterThanOrEqual(-16);
  expect(await overhang(page)).toBeLessThanOrEqual(0);

  // The bulk bar appears over the table: the table gets shorter rather than running off the window.
  await page.getByRole('checkbox', { name: 'Select run-39' }).click();
  await expect(page.getByRole('toolbar', { name: 'Actions on the selected experiments' })).toBeVisible();
  await expect.poll(() => overhang(page)).toBeLessThanOrEqual(0);
  expect(await overhang(page)).toBeGreaterThanOrEqual(-16);

  // It goes again: the table grows back, leaving no band under it.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByRole('toolbar', { name: 'Actions on the selected experiments' })).toBeHidden();
  await expect.poll(() => overhang(page)).toBeGreaterThanOrEqual(-16);
  expect(await overhang(page)).toBeLessThanOrEqual(0);
});
