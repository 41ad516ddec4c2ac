import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RENDERER_BUILD, buildNeeded, inputsDigest, recordBuild } from '../build-stamps.ts';

describe('the renderer build that npm start skips when nothing it reads changed', () => {
  let root: string;
  let cache: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  /** What `npm start` does: take the digest, build when needed (here: write the bundle the sources name), record. */
  const start = (env: NodeJS.ProcessEnv = {}): boolean => {
    const inputs = inputsDigest(root, RENDERER_BUILD, env);
    if (!buildNeeded(root, cache, RENDERER_BUILD, inputs)) return false;
    rmSync(join(root, 'out/renderer'), { recursive: true, force: true });
    write(`out/renderer/assets/index-${inputs.slice(0, 8)}.js`, 'bundle');
    write('out/renderer/index.html', `<script src="assets/index-${inputs.slice(0, 8)}.js"></script>`);
    recordBuild(root, cache, RENDERER_BUILD, inputs);
    return true;
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'trackdesk-stamps-'));
    cache = join(root, 'node_modules/.cache/trackdesk');
    write('renderer/src/app.tsx', 'export const App = 1;');
    write('renderer/index.html', '<div id="root"></div>');
    write('shared/api/index.ts', 'export const api = {};');
    write('vite.config.ts', 'export default {};');
    write('package-lock.json', '{"lockfileVersion":3}');
    write('server/src/app.ts', 'service');
    write('README.md', 'readme');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds on the first start (no output, no stamp), and not on the next one', () => {
    expect(start()).toBe(true);
    expect(start()).toBe(false);
    expect(start()).toBe(false);
  });

  it('builds again when a source changes, even to the same size with the old modification time', () => {
    start();
    const file = join(root, 'renderer/src/app.tsx');
    const { atime, mtime } = statSync(file);
    writeFileSync(file, 'export const App = 2;');
    utimesSync(file, atime, mtime);
    expect(start()).toBe(true);
    expect(start()).toBe(false);
  });

  it('builds again when a file is added, removed or renamed, or the contracts, config or lockfile change', () => {
    start();
    const changes = [
      () => write('renderer/src/features/new.tsx', 'export {};'),
      () => rmSync(join(root, 'renderer/src/features/new.tsx')),
      () => renameSync(join(root, 'renderer/src/app.tsx'), join(root, 'renderer/src/main.tsx')),
      () => write('shared/api/index.ts', 'export const api = { e1: 1 };'),
      () => write('vite.config.ts', 'export default { base: "./" };'),
      () => write('package-lock.json', '{"lockfileVersion":3,"packages":{}}'),
    ];
    for (const change of changes) {
      change();
      expect(start()).toBe(true);
      expect(start()).toBe(false);
    }
  });

  it('builds again when the environment the build reads changes, not for other variables', () => {
    start({ HOME: '/a' });
    expect(start({ HOME: '/b', PATH: '/bin' })).toBe(false);
    expect(start({ VITE_API_BASE: 'x' })).toBe(true);
    expect(start({ VITE_API_BASE: 'x' })).toBe(false);
    expect(start({ VITE_API_BASE: 'x', NODE_ENV: 'development' })).toBe(true);
  });

  it('does not build when only files it does not read change', () => {
    start();
    write('server/src/app.ts', 'service, changed');
    write('README.md', 'readme, changed');
    expect(start()).toBe(false);
  });

  it('builds again when the output is gone, emptied, or was replaced by another build meanwhile', () => {
    start();
    rmSync(join(root, 'out/renderer'), { recursive: true });
    expect(start()).toBe(true);
    rmSync(join(root, 'out/renderer/assets'), { recursive: true });
    rmSync(join(root, 'out/renderer/index.html'));
    expect(start()).toBe(true);
    // `npm run build:renderer` from other sources, which were then put back: the stamp's inputs match, the output does not.
    write('out/renderer/assets/index-0ther.js', 'other bundle');
    expect(start()).toBe(true);
    expect(start()).toBe(false);
  });

  it('builds again when a source changed while the build ran (the stamp keeps the digest taken before it)', () => {
    const inputs = inputsDigest(root, RENDERER_BUILD, {});
    write('out/renderer/index.html', 'built');
    write('renderer/src/app.tsx', 'export const App = 3;');
    recordBuild(root, cache, RENDERER_BUILD, inputs);
    expect(start()).toBe(true);
  });

  it('builds again when the stamp is unreadable', () => {
    start();
    write('node_modules/.cache/trackdesk/renderer-build.json', '{not json');
    expect(start()).toBe(true);
  });
});
