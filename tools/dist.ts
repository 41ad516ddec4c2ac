/**
 * `npm run dist -- [electron-builder args]`: builds the app and packages it with build/electron-builder.config.cjs.
 * TRACKDESK_E2E_BUILD=1 keeps the inspect fuse on so Playwright's `_electron.launch` can drive the packaged app.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { electronRuntime } from './electron-runtime.ts';

const config = 'build/electron-builder.config.cjs';
if (!existsSync(config)) {
  console.error(`npm run dist is waiting for the packaging config (${config}) of the desktop core issue.`);
  process.exit(1);
}
const runtime = electronRuntime();
if (!('path' in runtime)) {
  console.error(`npm run dist needs the Electron runtime, which cannot be obtained here (${runtime.reason}).`);
  process.exit(1);
}
for (const [command, args] of [
  ['npm', ['run', 'build', '--silent']],
  ['npx', ['electron-builder', '--config', config, ...process.argv.slice(2)]],
] as const) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
