import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** The middle value (the upper one of an even count); NaN for none. */
export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The renderer's JavaScript heap in use (MB), as Chromium's DevTools protocol reports it after a garbage collection. */
export async function rendererHeapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN) / 2 ** 20;
}

/** The image previews in a service's cache (`<dataDir>/previews`). */
const cachedPreviews = (serviceDir: string): number => {
  try {
    return readdirSync(join(serviceDir, 'previews'), { recursive: true }).filter((name) => String(name).endsWith('.webp')).length;
  } catch {
    return 0;
  }
};

/**
 * Waits until the service has made the previews of the images just uploaded (made ahead, in the background: none more for
 * a second); answers how many it holds and the seconds from `since` (a `performance.now()`) until the last appeared.
 */
export async function previewsMadeAhead(serviceDir: string, since: number): Promise<{ count: number; seconds: number }> {
  let count = cachedPreviews(serviceDir);
  let lastChange = performance.now();
  while (performance.now() - lastChange < 1000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = cachedPreviews(serviceDir);
    if (now !== count) [count, lastChange] = [now, performance.now()];
  }
  return { count, seconds: (lastChange - since) / 1000 };
}
