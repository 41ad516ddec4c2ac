/**
 * The embedded service process: started by the desktop backend (a Node child process in the browser shell,
 * an Electron utilityProcess in the desktop window), it runs the tracking service and talks over the parent port.
 */
import { ADMIN_USER } from '../../../../server/src/accounts/ensure-user.ts';
import { startServer, type RunningServer } from '../../../../server/src/process/app.ts';
import { issueApiKey, revokeApiKeys } from '../../../../server/src/accounts/keys.ts';
import { embeddedThrottleLimits } from '../../../../server/src/throttle/rate-limits.ts';
import type { HostMessage, ServiceMessage } from './protocol.ts';

/** The messaging half of Electron's utilityProcess, present on `process` there (typed here without importing electron). */
interface ParentPort {
  on(event: 'message', listener: (event: { data: HostMessage }) => void): void;
  postMessage(message: ServiceMessage): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

function post(message: ServiceMessage): void {
  if (parentPort) parentPort.postMessage(message);
  else if (process.connected) process.send?.(message);
}

let server: RunningServer | undefined;
let dataDir = '';

async function handle(message: HostMessage): Promise<void> {
  if (message.type === 'start') {
    dataDir = message.dataDir;
    try {
      server = await startServer({
        host: message.host,
        port: message.port,
        dataDir: message.dataDir,
        bootstrapApiKey: message.bootstrapApiKey,
        webhooksAllowPrivate: message.webhooksAllowPrivate,
        throttle: embeddedThrottleLimits,
        ...(message.aliveBeatMs > 0 ? { keepAlive: { isAliveBeatDurationMillis: message.aliveBeatMs } } : {}),
      });
      post({ type: 'ready', url: server.url });
    } catch (error) {
      post({ type: 'start-failed', message: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    }
  } else if (message.type === 'issue-key') {
    try {
      post({ type: 'key-issued', apiKey: (await issueApiKey({ dataDir, userName: ADMIN_USER, isAdmin: true })).apiKey });
    } catch (error) {
      post({ type: 'issue-failed', message: error instanceof Error ? error.message : String(error) });
    }
  } else if (message.type === 'issue-script-key' || message.type === 'revoke-key') {
    try {
      if (message.type === 'issue-script-key') post({ type: 'script-key-issued', apiKey: (await issueApiKey({ dataDir, userName: ADMIN_USER })).apiKey });
      else post({ type: 'key-revoked', count: await revokeApiKeys({ dataDir }, message.prefix) });
    } catch (error) {
      post({ type: 'script-key-failed', message: error instanceof Error ? error.message : String(error) });
    }
  } else {
    await server?.close();
    post({ type: 'stopped' });
    process.exit(0);
  }
}

if (parentPort) parentPort.on('message', (event) => void handle(event.data));
else {
  process.on('message', (message: HostMessage) => void handle(message));
  // The Node parent went away without saying stop: close cleanly rather than linger.
  process.on('disconnect', () => void handle({ type: 'stop' }));
  // Ctrl-C in a terminal reaches the whole process group; the parent decides when this process stops.
  process.on('SIGINT', () => undefined);
}
post({ type: 'listening' });
