import { expect, test } from './fixtures.ts';
import { openProjectForScript } from './script-client.ts';

/** The liveness timeout this spec's service runs with (the service's own is 10 s). */
const ALIVE_BEAT_MS = 4_000;
/** The liveness timeout and the table's live reads (one a second), with slack. */
const SILENT_WITHIN = { timeout: ALIVE_BEAT_MS + 3_000 };
/** Within this long of a heartbeat, the open table must show it. */
const SHOWN_WITHIN = { timeout: 2_500 };

test.use({ shellArgs: ['--alive-beat-ms', String(ALIVE_BEAT_MS)] });

test('a run that goes silent shows as crashed in the open table and page without a reload, the filter finds it, and it runs again when it comes back', async ({ page, shell }) => {
  test.setTimeout(60_000);
  const { script } = await openProjectForScript(page, shell, 'silent');

  // Two runs heart-beat: one ends cleanly, the other is killed (its beats just stop).
  const start = async (experimentName: string) => {
    const experimentKey = String((await script.ok('createExperiment', { body: { workspaceName: 'admin', projectName: 'silent', experimentName } })).experimentKey);
    await script.ok('keepAlive', { query: { experimentKey } });
    return experimentKey;
  };
  const killedKey = await start('killed-run');
  const endedKey = await start('ended-run');
  await script.ok('stopExperiment', { query: { experimentKey: endedKey } });
  const killed = page.locator(`[data-row-key="${killedKey}"]`);
  const ended = page.locator(`[data-row-key="${endedKey}"]`);
  await expect(killed).toContainText('Running', SHOWN_WITHIN);
  await expect(ended).toContainText('Finished', SHOWN_WITHIN);

  await expect(killed).toContainText('Crashed', SILENT_WITHIN);
  await expect(killed.locator('.exp-state')).toHaveAttribute('title', /^Lost contact — last heard from /);
  await expect(ended).toContainText('Finished');

  // The state filter: crashed runs only.
  await page.getByRole('button', { name: 'Show running experiments' }).click();
  await page.getByRole('button', { name: 'Show finished experiments' }).click();
  await expect(page.locator('[data-row-key]')).toHaveCount(1);
  await expect(killed).toBeVisible();
  await page.getByRole('button', { name: 'Show finished experiments' }).click();
  await page.getByRole('button', { name: 'Show crashed experiments' }).click();
  await expect(page.locator('[data-row-key]')).toHaveCount(1);
  await expect(ended).toBeVisible();
  await page.getByRole('button', { name: 'Show crashed experiments' }).click();
  await page.getByRole('button', { name: 'Show running experiments' }).click();

  // Its page says when it was last heard from; heartbeats resume and the page and the table say running again.
  await killed.getByRole('link', { name: 'killed-run' }).click();
  await expect(page.getByRole('heading', { name: 'killed-run' })).toBeVisible();
  await expect(page.getByText(/^Lost contact — last heard from /)).toBeVisible();
  await script.ok('keepAlive', { query: { experimentKey: killedKey } });
  await expect(page.getByText('Running', { exact: true })).toBeVisible(SHOWN_WITHIN);
  await expect(page.getByText(/^Lost contact/)).toHaveCount(0);
  // Heartbeats go on (one per timeout, as the SDK's), so the short timeout does not end it again while the table loads.
  await script.ok('keepAlive', { query: { experimentKey: killedKey } });
  await page.getByRole('link', { name: 'silent', exact: true }).click();
  await expect(killed).toContainText('Running', SHOWN_WITHIN);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
