import { replaySdkMedia } from '../server/test/support/sdk-media-replay.ts';
import { expect, test } from './fixtures.ts';
import { scriptSettingsFromApp } from './script-client.ts';

test("the Images tab steps through the SDK's images and draws their boxes, with layer, label and score switches (issue 43)", async ({ page, shell }) => {
  const settings = await scriptSettingsFromApp(shell);
  const target = { url: new URL(settings.url).origin, apiKey: settings.apiKey, workspace: 'admin' };
  // The real SDK's run: `sample` logged at steps 0, 1 and 2, each with a box labelled cat (0.91) in layer "predictions".
  const experimentKey = await replaySdkMedia(target, 'media-images', (asset) => asset.type === 'image');
  const withoutImages = await replaySdkMedia(target, 'media-images', (asset) => asset.type === 'curve');
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await page.goto(`${shell.origin}/#/experiments/${withoutImages}`);
  await expect(page.getByRole('tab', { name: 'Assets' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Images' })).toHaveCount(0);

  await page.goto(`${shell.origin}/#/experiments/${experimentKey}`);
  await page.getByRole('tab', { name: 'Images' }).click();
  const card = page.getByRole('group', { name: 'Images sample' });
  const shownStep = card.getByLabel('Shown step of sample');
  await expect(shownStep).toHaveText('Step 0 (1 of 3)');
  await expect(card.getByRole('img', { name: 'sample at Step 0' })).toBeVisible();

  // Arrow keys on the focused group, then its slider.
  await card.focus();
  await page.keyboard.press('ArrowRight');
  await expect(shownStep).toHaveText('Step 1 (2 of 3)');
  await expect(card.getByRole('img', { name: 'sample at Step 1' })).toBeVisible();
  const slider = card.getByRole('slider', { name: 'Step of sample' });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(shownStep).toHaveText('Step 2 (3 of 3)');
  await expect(slider).toHaveAttribute('aria-valuetext', 'Step 2');

  // Opened large: the full image, its box drawn in the image's pixels with its label and score.
  await card.getByRole('button', { name: 'Open sample at Step 2 large' }).click();
  const viewer = page.getByRole('dialog', { name: /^sample/ });
  await expect(viewer.getByLabel('Opened image step')).toHaveText('Step 2');
  const full = viewer.getByRole('img', { name: 'sample at Step 2' });
  await expect(full).toBeVisible();
  expect(await full.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([64, 48]);
  const overlay = viewer.getByRole('group', { name: 'Annotations' });
  await expect(overlay).toHaveAttribute('viewBox', '0 0 64 48');
  const box = overlay.getByTestId('annotation-box');
  await expect(box).toHaveCount(1);
  expect(await box.evaluate((rect) => ['x', 'y', 'width', 'height'].map((name) => rect.getAttribute(name)))).toEqual(['4', '4', '20', '16']);
  await expect(overlay.getByRole('img', { name: 'cat 0.91' })).toHaveAttribute('data-layer', 'predictions');
  await expect(overlay).toContainText('cat 0.91');

  // The score threshold: 0.92 hides the 0.91 box, 0.91 shows it again.
  const threshold = viewer.getByRole('slider', { name: 'Score threshold' });
  await threshold.focus();
  await page.keyboard.press('End');
  for (let press = 0; press < 8; press += 1) await page.keyboard.press('ArrowLeft');
  await expect(threshold).toHaveAttribute('aria-valuenow', '0.92');
  await expect(box).toHaveCount(0);
  await page.keyboard.press('ArrowLeft');
  await expect(box).toHaveCount(1);

  // The layer and the label switches.
  const layer = viewer.getByLabel('Layer predictions');
  await layer.click();
  await expect(box).toHaveCount(0);
  await layer.click();
  await expect(box).toHaveCount(1);
  const label = viewer.getByLabel('cat', { exact: true });
  await label.click();
  await expect(box).toHaveCount(0);
  await label.click();
  await expect(box).toHaveCount(1);

  // Zoom, and the arrow keys move the opened group's step (the gallery follows).
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByLabel('Zoom level')).toHaveText('125%');
  await viewer.getByRole('region', { name: 'sample opened large' }).click();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByLabel('Opened image step')).toHaveText('Step 1');
  await expect(viewer.getByRole('img', { name: 'sample at Step 1' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(shownStep).toHaveText('Step 1 (2 of 3)');
});
