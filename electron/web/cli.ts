import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { nodeSpawner, startedEarly } from '../backend/src/embedded/node-spawner.ts';

const usage = `Usage: npm run serve -- [--port <port>] [--save-dir <folder>]...

Serves Trackdesk in a browser on 127.0.0.1 only, behind a random per-launch token, with the embedded
tracking service running beside it (data in the user data dir, or TRACKDESK_USER_DATA_DIR).
  --port <port>   port to listen on (default 5171; 0 picks a free port)
  --save-dir <folder>
                  a folder the page may save config files in, as new files (repeatable;
                  default: your home folder). Uploads and downloads go through the browser.
  --alive-beat-ms <ms>
                  the local service's liveness timeout: a run silent this long reads crashed
                  (default: the service's own, 10000; tests shorten it)
  --help          show this help`;

const { values } = parseArgs({
  options: { port: { type: 'string', default: '5171' }, 'save-dir': { type: 'string', multiple: true }, 'alive-beat-ms': { type: 'string' }, help: { type: 'boolean', default: false } },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
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

// The service's process loads its modules on one core while this one loads the shell's (imported only now) on the other.
const spawnService = startedEarly(nodeSpawner());
const { createBackend, userDataDir } = await import('../backend/src/backend.ts');
const { startWebShell } = await import('./web-shell.ts');
const backend = createBackend({ userDataDir: userDataDir(), spawnService, embeddedLimits: { aliveBeatMs } });
const rendererDir = fileURLToPath(new URL('../../out/renderer', import.meta.url));
const shell = await startWebShell({ backend, rendererDir, port, ...(values['save-dir'] ? { saveFolders: values['save-dir'] } : {}) }).catch(async (error: unknown) => {
  console.error(`Trackdesk could not listen on 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)}`);
  await backend.close();
  process.exit(1);
});
console.log(`Trackdesk is running at ${shell.url}`);

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
        step = 'stopping the local service';
        return backend.close();
      })
      .then(() => process.exit(0));
  });
}
