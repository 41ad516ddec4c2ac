/**
 * The local tracking service as a background process of its own: started detached by the app (Node in the browser
 * shell, the Electron binary in service mode in the desktop app), it outlives the window, holds its data folder's lock,
 * writes `service.json` for the next app start to find it, and stops only when asked (the control route, or SIGTERM).
 */
import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { ADMIN_USER } from '../../../../server/src/accounts/ensure-user.ts';
import { issueApiKey, revokeApiKeys } from '../../../../server/src/accounts/keys.ts';
import { localWorkspaceName } from '../../../../server/src/accounts/local-workspace.ts';
import { startServer, type RunningServer } from '../../../../server/src/process/app.ts';
import { embeddedThrottleLimits } from '../../../../server/src/throttle/rate-limits.ts';
import { registerLocalRoutes, SERVICE_NAME, type ControlReply, type ControlRequest } from './local-routes.ts';
import { LOCAL_SERVICE_FLAG, SERVICE_KEY_VARIABLE } from './protocol.ts';
import { LockHeld, processStartTime, removeServiceInfo, takeServiceLock, writeServiceInfo, writeStartFailure, writeWaiting } from './service-files.ts';

const marker = process.argv.indexOf(LOCAL_SERVICE_FLAG);
const { values } = parseArgs({
  args: process.argv.slice(marker + 1),
  options: {
    'data-dir': { type: 'string' },
    port: { type: 'string' },
    'instance-id': { type: 'string' },
    version: { type: 'string' },
    'alive-beat-ms': { type: 'string', default: '0' },
    'take-over': { type: 'boolean', default: false },
  },
});
const dataDir = values['data-dir'] ?? '';
const instanceId = values['instance-id'] ?? '';
const version = values.version ?? '';
const port = Number(values.port);
const aliveBeatMs = Number(values['alive-beat-ms']);
// The admin key registered on the first start comes by environment (never on the command line); no child inherits it.
const bootstrapApiKey = process.env[SERVICE_KEY_VARIABLE];
delete process.env[SERVICE_KEY_VARIABLE];

async function fail(code: 'port-taken' | 'already-running' | 'failed', message: string): Promise<never> {
  console.error(`Trackdesk local service: ${message}`);
  await writeStartFailure(dataDir, { instanceId, code, message });
  process.exit(1);
}

if (!dataDir || !instanceId || !version || !Number.isInteger(port) || !Number.isInteger(aliveBeatMs)) {
  console.error(`Usage: ${LOCAL_SERVICE_FLAG} --data-dir <dir> --port <port> --instance-id <id> --version <v> [--alive-beat-ms <ms>]`);
  process.exit(2);
}

/** The person using this computer's name for the workspace (it has none without a password-file entry). */
function personName(): string | undefined {
  try {
    return userInfo().username;
  } catch {
    return undefined;
  }
}

/** How long a service taking over waits for the one it replaces to let go of the data folder. */
const TAKE_OVER_WAIT_MS = 30_000;

/**
 * The data folder's lock. A service taking over (an update) has loaded its code by now (static imports run first):
 * it says so and waits for the running one to stop, so that the address goes unanswered only while the database opens.
 */
async function lockDataFolder(): Promise<Awaited<ReturnType<typeof takeServiceLock>>> {
  const deadline = Date.now() + TAKE_OVER_WAIT_MS;
  for (let announced = false; ; announced = true) {
    try {
      return await takeServiceLock(dataDir);
    } catch (error) {
      if (!(error instanceof LockHeld) || !values['take-over'] || Date.now() > deadline) throw error;
    }
    if (!announced) await writeWaiting(dataDir, instanceId);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const lock = await lockDataFolder().catch((error: unknown) =>
  fail(error instanceof LockHeld ? 'already-running' : 'failed', error instanceof Error ? error.message : String(error)),
);
const startedAt = new Date().toISOString();
const controlSecret = randomBytes(32).toString('base64url');
let server: RunningServer | undefined;
let stopping: Promise<void> | undefined;

/**
 * How long a stopping service keeps answering with `Connection: close` before it stops accepting: every connection a
 * script is using ends cleanly after an answer, so none is reset by the stop (an update's restart; the SDK retries a
 * refused connection, not a reset one).
 */
const DRAIN_MS = 300;

/** Closes the server (drained, in-flight requests finish, SQLite closes), removes the files that announce it, and exits. */
function stop(): Promise<void> {
  stopping ??= (async () => {
    await server?.close({ drainMs: DRAIN_MS });
    await removeServiceInfo(dataDir, instanceId);
    await lock.release();
    process.exit(0);
  })();
  return stopping;
}

async function control(request: ControlRequest): Promise<ControlReply> {
  if (request.type === 'issue-key') return { apiKey: (await issueApiKey({ dataDir, userName: ADMIN_USER, isAdmin: true })).apiKey };
  if (request.type === 'issue-script-key') return { apiKey: (await issueApiKey({ dataDir, userName: ADMIN_USER })).apiKey };
  if (request.type === 'revoke-key') return { count: await revokeApiKeys({ dataDir }, request.prefix) };
  return { stopping: true };
}

try {
  server = await startServer({
    host: '127.0.0.1',
    port,
    dataDir,
    bootstrapApiKey,
    localWorkspaceName: localWorkspaceName(personName()),
    webhooksAllowPrivate: true,
    throttle: embeddedThrottleLimits,
    ...(aliveBeatMs > 0 ? { keepAlive: { isAliveBeatDurationMillis: aliveBeatMs } } : {}),
    hostRoutes: (app) =>
      registerLocalRoutes(app, {
        identity: { service: SERVICE_NAME, instanceId, version, pid: process.pid, startedAt },
        controlSecret,
        control,
        afterStopReply: () => void stop(),
      }),
  });
} catch (error) {
  await lock.release();
  const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
  await fail(taken ? 'port-taken' : 'failed', taken ? `port ${port} on 127.0.0.1 is used by another program` : error instanceof Error ? error.message : String(error));
}
const running = server as RunningServer;
await writeServiceInfo(dataDir, { pid: process.pid, pidStart: processStartTime(process.pid), port: running.port, url: running.url, version, instanceId, startedAt, controlSecret });
console.error(`Trackdesk local service ${version} listening at ${running.url} (process ${process.pid}, since ${startedAt}).`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop());
// A hang-up of a terminal it was started from must not end it: it outlives the window.
process.on('SIGHUP', () => undefined);
