import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const configPath = require.resolve('../../../build/electron-builder.config.cjs');

/** Loads the packaging config afresh with the given value of the e2e switch. */
function loadConfig(e2e: boolean): Record<string, unknown> & { electronFuses: Record<string, boolean> } {
  const previous = process.env.TRACKDESK_E2E_BUILD;
  if (e2e) process.env.TRACKDESK_E2E_BUILD = '1';
  else delete process.env.TRACKDESK_E2E_BUILD;
  try {
    delete require.cache[configPath];
    return require(configPath) as ReturnType<typeof loadConfig>;
  } finally {
    if (previous === undefined) delete process.env.TRACKDESK_E2E_BUILD;
    else process.env.TRACKDESK_E2E_BUILD = previous;
  }
}

describe('packaging config (build/electron-builder.config.cjs)', () => {
  it("passes electron-builder's own schema validation", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration(config: object, logger: object): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => object };
    await expect(validateConfiguration(loadConfig(false), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('builds AppImage, deb, dmg and nsis without rebuilding native modules', () => {
    const config = loadConfig(false) as Record<string, Record<string, unknown>> & Record<string, unknown>;
    expect([config.linux?.target, config.mac?.target, config.win?.target]).toEqual([['AppImage', 'deb'], ['dmg'], ['nsis']]);
    expect(config.npmRebuild).toBe(false);
  });

  it('registers the trackdesk:// scheme the app handles', async () => {
    const { APP_SCHEME } = await import('../../../shared/links/app-link.ts');
    expect(loadConfig(false).protocols).toEqual([{ name: 'Trackdesk link', schemes: [APP_SCHEME] }]);
  });

  it('flips the fuses for release builds, and keeps only the inspect fuse on for e2e builds', () => {
    const release = loadConfig(false).electronFuses;
    expect(release).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
    expect(loadConfig(true).electronFuses).toEqual({ ...release, enableNodeCliInspectArguments: true });
  });
});
