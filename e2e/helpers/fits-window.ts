import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The controls (buttons, links, fields) rendered on the page that a user cannot reach without scrolling sideways: cut
 * off by the window's right edge or by a box that scrolls or clips them horizontally (a table scrolled sideways).
 */
export async function controlsOutOfReach(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (element: Element) =>
      (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60) || `<${element.tagName.toLowerCase()}>`;
    const out: string[] = [];
    for (const element of document.querySelectorAll('button, a[href], input:not([type="hidden"]), [role="button"], [role="combobox"]')) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      // A checkbox or switch draws itself beside a transparent, oversized input: its place is its wrapper's.
      const drawn = element instanceof HTMLInputElement && getComputedStyle(element).opacity === '0' ? element.parentElement! : element;
      const box = drawn.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      let left = 0;
      let right = document.documentElement.clientWidth;
      for (let parent = drawn.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      if (box.left < left - 1 || box.right > right + 1) out.push(`${name(element)} [${Math.round(box.left)}–${Math.round(box.right)} of ${Math.round(left)}–${Math.round(right)}]`);
    }
    return out;
  });
}

/** Expects the page not to scroll sideways and every control on it to be reachable without scrolling sideways. */
export async function expectFitsWindow(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBeLessThanOrEqual(0);
  await expect.poll(() => controlsOutOfReach(page)).toEqual([]);
}

/** Expects each control inside the window (both ways, without scrolling) and all of them on one line (a toolbar that did not wrap). */
export async function expectInViewOnOneLine(page: Page, controls: readonly Locator[]): Promise<void> {
  const viewport = page.viewportSize()!;
  const middles: number[] = [];
  for (const control of controls) {
    await expect(control).toBeVisible();
    const box = (await control.boundingBox())!;
    expect(box.x, `${control} starts inside the window`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${control} ends inside the window`).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height, `${control} is above the window's bottom`).toBeLessThanOrEqual(viewport.height);
    middles.push(box.y + box.height / 2);
  }
  expect(Math.max(...middles) - Math.min(...middles), 'the controls share one line').toBeLessThan(8);
}
