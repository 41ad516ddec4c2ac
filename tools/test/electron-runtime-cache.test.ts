import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MISSING_RUNTIME_TTL_MS, rememberedElectronRuntime, runtimeProbeKey } from '../electron-runtime.ts';

describe('the Electron runtime probe that npm start remembers', () => {
  let root: string;
  let cacheFile: string;
  let probes: number;
  const missing = () => {
    probes += 1;
    return { reason: 'its download failed: fetch failed' };
  };
  const electronPackage = (version: string) => {
    mkdirSync(join(root, 'node_modules/electron'), { recursive: true });
    writeFileSync(join(root, 'node_modules/electron/package.json'), JSON.stringify({ name: 'electron', version }));
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'trackdesk-runtime-'));
    cacheFile = join(root, 'node_modules/.cache/trackdesk/electron-runtime.json');
    probes = 0;
    electronPackage('45.4.1');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('probes on the first start and remembers a missing runtime on the next ones, saying since when', () => {
    const key = runtimeProbeKey(root, {});
    const first = rememberedElectronRuntime(cacheFile, key, missing, 1_000);
    expect(first).toEqual({ reason: 'its download failed: fetch failed' });
    const later = rememberedElectronRuntime(cacheFile, key, missing, 2_000);
    expect(later).toEqual({ reason: 'its download failed: fetch failed', since: new Date(1_000) });
    expect(probes).toBe(1);
  });

  it('looks again once the answer is a day old', () => {
    const key = runtimeProbeKey(root, {});
    rememberedElectronRuntime(cacheFile, key, missing, 0);
    rememberedElectronRuntime(cacheFile, key, missing, MISSING_RUNTIME_TTL_MS - 1);
    expect(probes).toBe(1);
    rememberedElectronRuntime(cacheFile, key, missing, MISSING_RUNTIME_TTL_MS);
    expect(probes).toBe(2);
    // A clock set back (the remembered answer from the future) is not trusted either.
    rememberedElectronRuntime(cacheFile, key, missing, MISSING_RUNTIME_TTL_MS - 10);
    expect(probes).toBe(3);
  });

  it('looks again when what the answer depends on changes: electron version, its binary, ELECTRON_* settings', () => {
    const keys = [runtimeProbeKey(root, {})];
    electronPackage('45.5.0');
    keys.push(runtimeProbeKey(root, {}));
    writeFileSync(join(root, 'node_modules/electron/path.txt'), 'electron');
    keys.push(runtimeProbeKey(root, {}));
    mkdirSync(join(root, 'node_modules/electron/dist'));
    keys.push(runtimeProbeKey(root, {}));
    keys.push(runtimeProbeKey(root, { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' }));
    keys.push(runtimeProbeKey(root, { ELECTRON_MIRROR: 'https://mirror.example/' }));
    expect(new Set(keys).size).toBe(keys.length);
    expect(runtimeProbeKey(root, { HOME: '/home/a', PATH: '/bin' })).toBe(runtimeProbeKey(root, {}));
    for (const key of keys) rememberedElectronRuntime(cacheFile, key, missing, 0);
    expect(probes).toBe(keys.length);
  });

  it('remembers a runtime that was found while its binary is there, and looks again once it is gone', () => {
    const binary = join(root, 'electron-binary');
    writeFileSync(binary, '');
    const found = () => {
      probes += 1;
      return { path: binary };
    };
    const key = runtimeProbeKey(root, {});
    rememberedElectronRuntime(cacheFile, key, found, 0);
    expect(rememberedElectronRuntime(cacheFile, key, found, MISSING_RUNTIME_TTL_MS * 30)).toEqual({ path: binary, since: new Date(0) });
    expect(probes).toBe(1);
    rmSync(binary);
    expect(rememberedElectronRuntime(cacheFile, key, missing, 1)).toEqual({ reason: 'its download failed: fetch failed' });
    expect(probes).toBe(2);
  });

  it('probes when the remembered answer is unreadable, and replaces it', () => {
    mkdirSync(join(root, 'node_modules/.cache/trackdesk'), { recursive: true });
    writeFileSync(cacheFile, '{"key": ');
    const key = runtimeProbeKey(root, {});
    rememberedElectronRuntime(cacheFile, key, missing, 0);
    expect(probes).toBe(1);
    expect(JSON.parse(readFileSync(cacheFile, 'utf8'))).toMatchObject({ key, at: 0 });
  });
});
