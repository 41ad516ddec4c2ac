import { defineConfig } from 'vitest/config';

/** Unit and integration tests: Node for everything but the renderer, jsdom for the renderer. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['{shared,server,electron,tools}/**/*.test.ts'],
          // One throw-away PostgreSQL cluster for the whole run, started when a test first asks for a database.
          globalSetup: ['server/test/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['renderer/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
