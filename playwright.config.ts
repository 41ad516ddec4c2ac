import { defineConfig } from '@playwright/test';

// Each test's browser shell gets a local service on a free port of its own (the app's fixed default would collide
// between tests) and stops it when the shell stops, so no service outlives its test. Specs about the service's
// own lifetime set both themselves.
process.env.TRACKDESK_LOCAL_PORT ??= '0';
process.env.TRACKDESK_STOP_SERVICE_ON_EXIT ??= '1';

/** End-to-end tests: the real app through the browser shell in Debian's Chromium. */
export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
