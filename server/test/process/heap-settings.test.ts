import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const HEAP_SETTINGS = new URL('../../src/process/heap-settings.ts', import.meta.url).pathname;

/** Runs a Node process that applies the running service's heap settings, then collects its old generation; answers the growing factors V8 chose after that. */
function factorsAfterApplying(nodeFlags: string[]): string[] {
  const script = `
    import { applyRunningServiceHeapSettings } from ${JSON.stringify(HEAP_SETTINGS)};
    applyRunningServiceHeapSettings();
    console.log('applied');
    const kept = Array.from({ length: 200000 }, (_, i) => ({ i, values: [i] }));
    globalThis.gc();
    globalThis.gc();
    console.log(kept.length);`;
  const run = spawnSync(process.execPath, [...nodeFlags, '--expose-gc', '--trace-gc-verbose', '--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(run.status, run.stderr).toBe(0);
  const afterApplying = run.stdout.slice(run.stdout.indexOf("applied"));
  return [...afterApplying.matchAll(/\[HeapController\] factor ([\d.]+)/g)].map((match) => match[1] ?? '');
}

describe('the heap settings applied once the service listens', () => {
  it('let the old generation grow by 50% past what survived, not by V8’s up-to-300%', () => {
    const factors = factorsAfterApplying([]);
    expect(factors.length).toBeGreaterThan(0);
    expect(new Set(factors)).toEqual(new Set(['1.5']));
  });

  it('keep a growth the user set', () => {
    expect(new Set(factorsAfterApplying(['--heap-growing-percent=80']))).toEqual(new Set(['1.8']));
  });
});
