import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/** What both Node projects share: one throw-away PostgreSQL cluster per project, started when a test first asks for a database. */
const nodeProject = {
  environment: 'node' as const,
  globalSetup: ['server/test/support/postgres-global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

/** Calls that start a test service on the default backend (env TRACKDESK_TEST_BACKEND, else SQLite): a start that names its backend, or the storage it starts on, does not count. */
const DEFAULT_BACKEND_START = /startTestServer\((?!\{ (backend|storage): )|describeBadInputShard\(|defaultBackendFlags\(\)/;

/**
 * The server test files whose services take the default backend and do not run on both backends themselves
 * (`describe.each(testBackends())`): the `node on postgres` project runs them again on PostgreSQL.
 */
const defaultBackendFiles = globSync('server/test/**/*.test.ts', { cwd: import.meta.dirname }).filter((file) => {
  const text = readFileSync(join(import.meta.dirname, file), 'utf8');
  return DEFAULT_BACKEND_START.test(text) && !text.includes('testBackends()');
});

/** The conformance suites (they run on both backends themselves): the `node on postgres` project runs them again on two instances. */
const conformanceFiles = globSync('server/test/**/*conformance*.test.ts', { cwd: import.meta.dirname });

/** Unit and integration tests: Node for everything but the renderer, jsdom for the renderer. */
export default defineConfig({
  test: {
    projects: [
      // Every test's local service on a free port of its own (the app's fixed default would collide), stopped by its test.
      { test: { ...nodeProject, name: 'node', include: ['{shared,server,electron,tools}/**/*.test.ts'], env: { TRACKDESK_LOCAL_PORT: '0' } } },
      {
        test: {
          ...nodeProject,
          name: 'node on postgres',
          include: [...defaultBackendFiles, ...conformanceFiles],
          // PostgreSQL as the default backend, and the only one of suites on both; two instances of each service, taken in turn.
          env: { TRACKDESK_TEST_BACKEND: 'postgres', TRACKDESK_TEST_BACKENDS: 'postgres', TRACKDESK_TEST_INSTANCES: '2' },
        },
      },
      {
        test: {
          name: 'renderer',
          environment: 'jsdom',
          // jsdom renders on the test's own thread: on a loaded 2-core machine a test of a few hundred ms took over 5 s.
          testTimeout: 20_000,
          include: ['renderer/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
