/**
 * `npm run test:security`: builds main and preload, runs electronegativity over them, and fails on any finding
 * that build/electronegativity-accepted.json does not justify (and on justifications that no longer match anything).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Issue {
  id: string;
  file: string;
  description: string;
  location: { line: number; column: number };
}
interface Accepted {
  id: string;
  file: string;
  reason: string;
}

const root = new URL('..', import.meta.url).pathname;
const build = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const require = createRequire(import.meta.url);
const runnerPath = require.resolve('@doyensec/electronegativity/dist/runner.js');
// The scanner fetches translations and Electron's release list over the network (unreachable in CI, and its HTTP
// client then crashes on a late retry); give it a client that fails at once so it uses its bundled English texts.
// The release-list check is excluded below for the same reason: `npm audit`-style freshness is not a code finding.
const gotPath = createRequire(runnerPath).resolve('got');
const offline = new Module(gotPath);
offline.exports = () => Promise.reject(new Error('offline'));
offline.loaded = true;
require.cache[gotPath] = offline;
const runScanner = require(runnerPath) as (options: object) => Promise<{ issues: Issue[]; errors: { file: string; message: string }[] }>;

/** Runs the scanner without its one console line about the translations it could not fetch. */
async function run(options: object): ReturnType<typeof runScanner> {
  const log = console.log;
  console.log = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('Could not retrieve updated translations')) log(...args);
  };
  try {
    return await runScanner(options);
  } finally {
    console.log = log;
  }
}

const scanned = mkdtempSync(join(tmpdir(), 'trackdesk-electronegativity-'));
try {
  // embedded.js is the local tracking service (run by the app's binary in service mode): it uses no Electron API, and the scanner's AST walker
  // cannot handle its private class members, so it is left out; main (index.js + chunks) and the preload are scanned.
  cpSync(join(root, 'out/main'), join(scanned, 'main'), { recursive: true, filter: (source) => !source.endsWith('embedded.js') });
  cpSync(join(root, 'out/preload'), join(scanned, 'preload'), { recursive: true });
  const version = (JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
  const { issues, errors } = await run({
    input: scanned,
    isRelative: true,
    electronVersionOverride: version,
    excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
  });
  const accepted = JSON.parse(readFileSync(join(root, 'build/electronegativity-accepted.json'), 'utf8')) as Accepted[];
  const isAccepted = (issue: Issue) => accepted.some((a) => a.id === issue.id && a.file === issue.file);
  const unjustified = issues.filter((issue) => !isAccepted(issue));
  const stale = accepted.filter((a) => !issues.some((issue) => issue.id === a.id && issue.file === a.file));
  for (const error of errors) console.error(`electronegativity could not parse ${error.file}: ${error.message}`);
  for (const issue of unjustified) {
    console.error(`${issue.id} in ${issue.file}:${issue.location.line}: ${issue.description}`);
  }
  for (const entry of stale) console.error(`Stale justification (no such finding any more): ${entry.id} in ${entry.file}`);
  const justified = issues.length - unjustified.length;
  console.log(`electronegativity: ${issues.length} finding(s), ${justified} justified in build/electronegativity-accepted.json.`);
  if (unjustified.length > 0 || stale.length > 0 || errors.length > 0) process.exitCode = 1;
} finally {
  rmSync(scanned, { recursive: true, force: true });
}
