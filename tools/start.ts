import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ELECTRON_BUILD, RENDERER_BUILD, buildNeeded, inputsDigest, recordBuild, type BuildTarget } from './build-stamps.ts';
import { rememberedElectronRuntime, runtimeProbeKey } from './electron-runtime.ts';

// `npm start` runs it through start.mjs, which turns on the compile cache first: later starts reuse the compiled (and
// type-stripped) modules, here and in the local service.
const root = fileURLToPath(new URL('..', import.meta.url));
/** What one start leaves for the next: the runtime probe's answer and the build stamps. */
const cacheDir = join(root, 'node_modules', '.cache', 'trackdesk');

/** Runs `npm run <script>` when the target's inputs changed since its last build (or its output is gone); exits if it fails. */
function buildIfChanged(target: BuildTarget, script: string): void {
  const inputs = inputsDigest(root, target);
  if (!buildNeeded(root, cacheDir, target, inputs)) return;
  const result = spawnSync('npm', ['run', script, '--silent'], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
  recordBuild(root, cacheDir, target, inputs);
}

/** Replaces this process with `command` (forwarding signals and the exit code). */
function handOver(command: string, args: string[]): void {
  const child = spawn(command, args, { stdio: 'inherit', cwd: root });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

const runtimeFile = join(cacheDir, 'electron-runtime.json');
const runtime = rememberedElectronRuntime(runtimeFile, runtimeProbeKey(root));
if ('path' in runtime) {
  buildIfChanged(RENDERER_BUILD, 'build:renderer');
  buildIfChanged(ELECTRON_BUILD, 'build:electron');
  handOver(runtime.path, ['.']);
} else {
  const remembered = runtime.since ? `; as found at ${runtime.since.toISOString()}, to look again now delete ${runtimeFile}` : '';
  console.log(`The Electron runtime cannot be obtained here (${runtime.reason}${remembered}); starting Trackdesk in browser mode.`);
  buildIfChanged(RENDERER_BUILD, 'build:renderer');
  // The browser shell runs in this process: one Node start less.
  await import('../electron/web/cli.ts');
}
