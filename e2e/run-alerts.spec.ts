import { expect, test } from './fixtures.ts';
import { seedProject } from './experiments-seed.ts';
import { ScriptClient, scriptSettingsFromApp } from './script-client.ts';
import { startWebhookReceiver } from './helpers/webhook-receiver.ts';
import { callDirect, embeddedServiceAccess } from './helpers/registry-seed.ts';
import { LOCAL_WORKSPACE } from './helpers/local-workspace.ts';

/** What the page's Web Notifications API was asked to show (recorded by the init script below). */
interface ShownNotification {
  title: string;
  body: string;
}

test('a rule made on a run’s page fires when the script crosses it: a desktop notification that opens the run, the bell, and the signed webhook (issue 45)', async ({ page, shell }) => {
  // The browser's notifications, observed: granted, each one recorded, and its click callable by the test.
  await page.addInitScript(() => {
    const shown: { title: string; body: string; notification: { onclick: (() => void) | null } }[] = [];
    class RecordedNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body ?? '', notification: this });
      }
    }
    Object.assign(window, { Notification: RecordedNotification, shownNotifications: shown });
  });
  const receiver = await startWebhookReceiver('alerts');
  try {
    await seedProject(shell, 'alerted');
    await page.goto(shell.url);
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible({ timeout: 30_000 });
    const service = await embeddedServiceAccess(shell);
    await callDirect(service, 'mergeWebhookConfig', {
      body: { webhookConfigs: [{ workspaceName: LOCAL_WORKSPACE, webhookUrls: [{ name: 'alerts', url: receiver.url, secret: 'signing-secret', triggers: ['EXPERIMENT_ALERT'] }] }] },
    });
    const script = new ScriptClient(await scriptSettingsFromApp(shell));
    const experimentKey = String((await script.ok('createExperiment', { body: { workspaceName: LOCAL_WORKSPACE, projectName: 'alerted', experimentName: 'watched-run' } })).experimentKey);
    await script.ok('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: 1.5, step: 1 } });

    await page.goto(`${shell.origin}/#/experiments/${experimentKey}`);
    await page.getByRole('button', { name: 'Notify me when…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notify me when this run…' });
    await expect(dialog.getByLabel('Metric')).toHaveValue('loss');
    await dialog.getByLabel('Value').fill('2');
    await dialog.getByRole('button', { name: 'Save alert' }).click();
    await expect(dialog).toBeHidden();
    // Below the threshold nothing fires; the script then crosses it.
    await script.ok('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: 1.8, step: 2 } });
    await page.getByRole('link', { name: 'Projects' }).first().click();
    await script.ok('logMetric', { body: { experimentKey, metricName: 'loss', metricValue: 2.5, step: 3 } });

    const shown = () => page.evaluate(() => (window as unknown as { shownNotifications: ShownNotification[] }).shownNotifications.map(({ title, body }) => ({ title, body })));
    await expect.poll(shown, { timeout: 20_000 }).toHaveLength(1);
    const [notification] = await shown();
    expect(`${notification?.title} ${notification?.body}`).toMatch(/loss/);
    expect(notification?.body).toMatch(/2\.5/);
    await page.evaluate(() => (window as unknown as { shownNotifications: { notification: { onclick: () => void } }[] }).shownNotifications[0]?.notification.onclick());
    await expect(page).toHaveURL(new RegExp(`#/experiments/${experimentKey}`));
    await expect(page.getByRole('heading', { name: /watched-run/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Alerts, 1 unread' })).toBeVisible();

    await expect.poll(() => receiver.count(), { timeout: 20_000 }).toBe(1);
    const hook = receiver.received[0]!;
    expect(hook.headers['x-trackdesk-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(hook.body).toMatchObject({ eventType: 'EXPERIMENT_ALERT', test: false });
    expect(JSON.stringify(hook.body)).toContain(experimentKey);
    expect(JSON.stringify(hook.body)).toContain('2.5');
  } finally {
    await receiver.close();
  }
});
