import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_LOCAL_PORT } from '../backend/src/embedded/local-port.ts';
import { START_SERVICE_FLAG } from '../backend/src/embedded/login-start.ts';
import { detachedSpawner } from '../backend/src/embedded/node-spawner.ts';

const usage = `Usage: npm run serve -- [--port <port>] [--save-dir <folder>]...

Serves Trackdesk in a browser on 127.0.0.1 only, behind a random per-launch token, with the local
tracking service (data in the user data dir, or TRACKDESK_USER_DATA_DIR) found running or started as a
background process that keeps serving scripts after this one ends, on 127.0.0.1:${DEFAULT_LOCAL_PORT} (TRACKDESK_LOCAL_PORT,
or the app's setting, changes the port).
  --port <port>   port to listen on (default 5171; 0 picks a free port)
  --save-dir <folder>
                  a folder the page may save config files in, as new files (repeatable;
                  default: your home folder). Uploads and downloads go through the browser.
  --stop-service  stop the running local service of the data folder, and exit
  --start-service find or start the local service of the data folder (headless), and exit
                  (what "Start at login" runs)
  --stop-service-on-exit
                  stop the local service too when this process ends (default when
                  TRACKDESK_STOP_SERVICE_ON_EXIT=1; test harnesses set it)
  --alive-beat-ms <ms>
                  the local service's liveness timeout: a run silent this long reads crashed
                  (default: the service's own, 10000; tests shorten it)
  --help          show this help`;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5171' },
    'save-dir': { type: 'string', multiple: true },
    'alive-beat-ms': { type: 'string' },
    'stop-service': { type: 'boolean', default: false },
    'start-service': { type: 'boolean', default: false },
    'stop-service-on-exit': { type: 'boolean', default: process.env.TRACKDESK_STOP_SERVICE_ON_EXIT === '1' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (values['stop-service']) {
  const { userDataDir } = await import('../backend/src/backend.ts');
  const { readServiceInfo } = await import('../backend/src/embedded/service-files.ts');
  const { stopService } = await import('../backend/src/embedded/service-control.ts');
  const info = await readServiceInfo(join(userDataDir(), 'service'));
  if (info) await stopService(info);
  console.log(info ? `Stopped the local service at ${info.url} (process ${info.pid}).` : 'No local service is running for this data folder.');
  process.exit(0);
}
/** This command with `--start-service`: what "Start at login" runs to start only the local service. */
const loginStart = { command: [process.execPath, fileURLToPath(import.meta.url), START_SERVICE_FLAG] };
if (values['start-service']) {
  const { createBackend, userDataDir } = await import('../backend/src/backend.ts');
  const backend = createBackend({ userDataDir: userDataDir(), spawnService: detachedSpawner() });
  const status = await backend.embedded!.start();
  await backend.release();
  if (status.state === 'ready') console.log(`The local service is at ${status.baseUrl} (running since ${status.since}).`);
  else console.error(`The local service is not running: ${status.message ?? status.state}`);
  process.exit(status.state === 'ready' ? 0 : 1);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535, not "${values.port}".`);
  process.exit(2);
}

const aliveBeatMs = Number(values['alive-beat-ms'] ?? 0);
if (!Number.isInteger(aliveBeatMs) || aliveBeatMs < 0 || aliveBeatMs > 3_600_000) {
  console.error(`--alive-beat-ms must be a whole number of milliseconds up to 3600000, not "${values['alive-beat-ms']}".`);
  process.exit(2);
}

const { createBackend, userDataDir } = await import('../backend/src/backend.ts');
const { startWebShell } = await import('./web-shell.ts');
const backend = createBackend({ userDataDir: userDataDir(), spawnService: detachedSpawner(), embeddedLimits: { aliveBeatMs }, loginStart });
const rendererDir = fileURLToPath(new URL('../../out/renderer', import.meta.url));
const shell = await startWebShell({ backend, rendererDir, port, ...(values['save-dir'] ? { saveFolders: values['save-dir'] } : {}) }).catch(async (error: unknown) => {
  console.error(`Trackdesk could not listen on 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)}`);
  await backend.close();
  process.exit(1);
});
console.log(`Trackdesk is running at ${shell.url}`);
void backend.embedded?.start().then((status) => {
  if (status.state === 'ready') console.log(`The local service is at ${status.baseUrl} (running since ${status.since}); it keeps serving scripts after this ends.`);
  else console.error(`The local service is not running: ${status.message ?? status.state}`);
});

/** How long stopping may take before the process leaves anyway, saying which step did not finish. */
const STOP_GRACE_MS = 15_000;

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    let step = 'closing the connections of open pages';
    setTimeout(() => {
      console.error(`Trackdesk did not stop within ${STOP_GRACE_MS / 1000} s (still ${step}); leaving anyway.`);
      process.exit(1);
    }, STOP_GRACE_MS).unref();
    void shell
      .close()
      .then(() => {
        step = values['stop-service-on-exit'] ? 'stopping the local service' : 'stopping the copy jobs';
        return values['stop-service-on-exit'] ? backend.close() : backend.release();
      })
      .then(() => process.exit(0));
  });
}
