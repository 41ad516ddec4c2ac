import { utilityProcess } from 'electron';
import { SERVICE_NODE_FLAGS, type ServiceMessage, type SpawnService } from '../backend/src/embedded/protocol.ts';

/** Starts the embedded service in an Electron utilityProcess, so a slow query never blocks the window. */
export function utilitySpawner(entry: string): SpawnService {
  return () => {
    const child = utilityProcess.fork(entry, [], {
      serviceName: 'Trackdesk service',
      stdio: ['ignore', 'ignore', 'pipe'],
      // The service's heap settings (young generation, old-generation growth): V8 takes them only at start.
      execArgv: [...SERVICE_NODE_FLAGS],
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      for (const line of text.split('\n')) if (line.trim()) console.error(`[trackdesk service] ${line}`);
    });
    return {
      get pid() {
        return child.pid;
      },
      send: (message) => child.postMessage(message),
      onMessage: (listener) => child.on('message', (message: ServiceMessage) => listener(message)),
      onExit: (listener) => child.once('exit', (code) => listener(code)),
      kill: () => void child.kill(),
    };
  };
}
