import { spawn, spawnSync } from 'node:child_process';
import { electronRuntime } from './electron-runtime.ts';

/** Runs an npm script and exits with its status if it fails. */
function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Replaces this process with `command` (forwarding signals and the exit code). */
function handOver(command: string, args: string[]): void {
  const child = spawn(command, args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

const runtime = electronRuntime();
if ('path' in runtime) {
  run('npm', ['run', 'build', '--silent']);
  handOver(runtime.path, ['.']);
} else {
  console.log(`The Electron runtime cannot be obtained here (${runtime.reason}); starting Trackdesk in browser mode.`);
  run('npm', ['run', 'build:renderer', '--silent']);
  handOver(process.execPath, ['electron/web/cli.ts', ...process.argv.slice(2)]);
}
