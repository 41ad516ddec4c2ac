import type { Page } from '@playwright/test';
import { pageCallHeaders } from './fixtures.ts';

/** Calls an endpoint of the wire contract through the page's own ipc (same token header, same backend, active profile). */
export async function callThroughApp<T = unknown>(page: Page, endpoint: string, request: { query?: object; body?: unknown }): Promise<T> {
  const headers = await pageCallHeaders(page);
  const envelope = await page.evaluate(
    async ({ endpoint, request, headers }) => {
      const response = await fetch('/ipc/api.call', { method: 'POST', headers, body: JSON.stringify({ endpoint, ...request }) });
      return (await response.json()) as { ok: boolean; data?: unknown; error?: { message: string } };
    },
    { endpoint, request, headers },
  );
  if (!envelope.ok) throw new Error(`${endpoint} failed: ${envelope.error?.message}`);
  return envelope.data as T;
}

/** Opens the app and waits until its first data is shown; answers the selected workspace's name. */
export async function openApp(page: Page, url: string): Promise<string> {
  await page.goto(url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const heading = page.getByRole('heading', { name: /^Projects in / });
  await heading.waitFor();
  return ((await heading.textContent()) ?? '').replace(/^Projects in /, '');
}
