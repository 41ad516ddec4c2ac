import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVICE_NODE_FLAGS, type ServiceMessage, type SpawnService } from './protocol.ts';

/** The entry script of the embedded service process (run by Node 24 directly from source). */
const EMBEDDED_ENTRY = fileURLToPath(new URL('./entry.ts', import.meta.url));

/** Starts the embedded service as a Node child process (the browser shell and tests); its stderr goes to ours, prefixed. */
export function nodeSpawner(entry: string = EMBEDDED_ENTRY): SpawnService {
  return () => {
    // Not the parent's execArgv (--inspect, --input-type, test runners' loaders): the service's own heap settings.
    const child = fork(entry, [], { execArgv: [...SERVICE_NODE_FLAGS], stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json' });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      for (const line of text.split('\n')) if (line.trim()) console.error(`[trackdesk service] ${line}`);
    });
    return {
      pid: child.pid,
      send: (message) => {
        if (child.connected) child.send(message);
      },
      onMessage: (listener) => child.on('message', (message) => listener(message as ServiceMessage)),
      onExit: (listener) => child.once('exit', (code) => listener(code)),
      kill: () => child.kill('SIGKILL'),
    };
  };
}
