import { globSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { api } from '../../shared/api/index.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The renderer's code, but for its tests and the module that makes the calls (`lib/api.ts`). */
const sources = globSync('renderer/src/**/*.{ts,tsx}', { cwd: root, exclude: (name) => /\.test\.tsx?$/.test(name) })
  .filter((file) => file !== 'renderer/src/lib/api.ts')
  .sort()
  .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
const byFile = new Map(sources.map((source) => [source.file, source]));

/** A call of an endpoint: `useApiMutation(`, `callApi(`, `callBulk(` and what they are given as the endpoint (up to the first comma or parenthesis). */
const CALL = /\b(?:useApiMutation|callApi|callBulk)\(\s*([^,)]*)/g;
/** A transfer of a file through an endpoint (`transfers.upload`): `endpoint: 'x'`. */
const TRANSFER = /\bendpoint:\s*'(\w+)'/g;
/** A file that asks the access hook (`renderer/src/lib/access.ts`), or a feature's hook built on it (`use…Access`). */
const ASKS_ACCESS = /\buse\w*Access(?:Check)?\(/;
/** A relative import. */
const IMPORT = /\bfrom\s*'(\.[^']+)'/g;

/** Whether an endpoint of the contract changes something (its entry needs more than `read`). */
const changes = (name: string): boolean => name in api && !['none', 'read'].includes(api[name as keyof typeof api].needs);
/** The contract endpoints named in a piece of code. */
const endpointsIn = (code: string): string[] => [...code.matchAll(/'(\w+)'/g)].map((match) => match[1] ?? '').filter((name) => name in api);

/** The endpoints a file calls by name, and its calls whose endpoint names no endpoint (which this test could not follow). */
function callsOf(text: string): { called: string[]; unnamed: string[] } {
  const calls = [...text.matchAll(CALL)].map((match) => match[1] ?? '');
  const called = [...calls.flatMap(endpointsIn), ...[...text.matchAll(TRANSFER)].map((match) => match[1] ?? '')].filter((name) => name in api);
  return { called, unnamed: calls.filter((code) => endpointsIn(code).length === 0) };
}

/** The feature a renderer file belongs to (`renderer/src/features/<feature>`), else its folder. */
const featureOf = (file: string): string => /^renderer\/src\/features\/[^/]+/.exec(file)?.[0] ?? dirname(file);

/** The renderer files a file imports from other features (their calls are made from this file's screens). */
const foreignImports = (file: string, text: string): string[] =>
  [...text.matchAll(IMPORT)]
    .map((match) => normalize(join(dirname(file), match[1] ?? '')))
    .filter((target) => byFile.has(target) && featureOf(target) !== featureOf(file));

/** How often `'name'` appears in a text other than in a call of it. */
function namedOutsideCalls(text: string, name: string): number {
  return text.split(`'${name}'`).length - 1 - callsOf(text).called.filter((called) => called === name).length;
}

/** Whether some file of these features that asks the access hook names the endpoint outside a call of it. */
const checkedIn = (features: readonly string[], name: string): boolean =>
  sources.some((source) => features.includes(featureOf(source.file)) && ASKS_ACCESS.test(source.text) && namedOutsideCalls(source.text, name) > 0);

describe('role-aware controls (issue 29): a control the caller may not use is disabled with the reason, not refused after a click', () => {
  it('finds the renderer calls that change something (the test is not vacuous)', () => {
    const changing = sources.flatMap(({ text }) => callsOf(text).called.filter(changes));
    expect(new Set(changing).size).toBeGreaterThan(40);
  });

  it('names the endpoint of every call, so that this test can follow it', () => {
    const unnamed = sources.flatMap(({ file, text }) => callsOf(text).unnamed.map((code) => `${file}: ${code}`));
    expect(unnamed, 'Call each endpoint by its name (a literal), e.g. pass a function that makes the call').toEqual([]);
  });

  it('asks useAccess about every endpoint it calls that needs more than read, in the feature that calls it and in a screen that calls it from another feature', () => {
    const unchecked: string[] = [];
    for (const { file, text } of sources) {
      const own = callsOf(text).called.filter(changes);
      for (const name of new Set(own)) if (!checkedIn([featureOf(file)], name)) unchecked.push(`${file}: ${name} (${api[name as keyof typeof api].needs})`);
      for (const target of foreignImports(file, text)) {
        for (const name of new Set(callsOf(byFile.get(target)?.text ?? '').called.filter(changes))) {
          if (!ASKS_ACCESS.test(text) || !checkedIn([featureOf(file), featureOf(target)], name)) unchecked.push(`${file} (through ${target}): ${name}`);
        }
      }
    }
    expect(unchecked, 'Disable the control that calls each of these with useAccess(name) / useAccessCheck()(name), and show its reason').toEqual([]);
  });
});
