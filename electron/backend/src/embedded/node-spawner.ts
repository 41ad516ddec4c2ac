import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchArgs, SERVICE_KEY_VARIABLE, SERVICE_NODE_FLAGS, type SpawnService } from './protocol.ts';

/** The entry script of the local service process (run by Node 24 directly from source). */
const SERVICE_ENTRY = fileURLToPath(new URL('./entry.ts', import.meta.url));

/**
 * Starts the local service as a detached background process of `command` (Node by default: the browser shell and tests;
 * the Electron binary in service mode for the desktop app), its output appended to its log file, let go of at once
 * so that it outlives this process.
 */
export function detachedSpawner(command: string = process.execPath, leadingArgs: string[] = [...SERVICE_NODE_FLAGS, SERVICE_ENTRY]): SpawnService {
  return (launch) => {
    const log = openSync(launch.logFile, 'a', 0o600);
    try {
      const child = spawn(command, [...leadingArgs, ...launchArgs(launch)], {
        detached: true,
        stdio: ['ignore', log, log],
        env: { ...process.env, [SERVICE_KEY_VARIABLE]: launch.bootstrapApiKey },
        windowsHide: true,
      });
      const exited = new Promise<number | null>((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.once('error', () => resolve(null));
      });
      child.unref();
      return { pid: child.pid, exited };
    } finally {
      closeSync(log);
    }
  };
}
