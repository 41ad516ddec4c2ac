import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVICE_NODE_FLAGS, type ServiceMessage, type ServiceProcess, type SpawnService } from './protocol.ts';

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

/** Wraps a process so that its messages and exit are kept until listeners come, then handed to them in order. */
function keepingMessages(child: ServiceProcess): ServiceProcess {
  const messages: ServiceMessage[] = [];
  const messageListeners: ((message: ServiceMessage) => void)[] = [];
  const exitListeners: ((code: number | null) => void)[] = [];
  let exit: { code: number | null } | undefined;
  child.onMessage((message) => {
    if (messageListeners.length === 0) messages.push(message);
    for (const listener of messageListeners) listener(message);
  });
  child.onExit((code) => {
    exit = { code };
    for (const listener of exitListeners) listener(code);
  });
  return {
    get pid() {
      return child.pid;
    },
    send: (message) => child.send(message),
    onMessage(listener) {
      messageListeners.push(listener);
      for (const message of messages.splice(0)) listener(message);
    },
    onExit(listener) {
      exitListeners.push(listener);
      if (exit) listener(exit.code);
    },
    kill: () => child.kill(),
  };
}

/**
 * Starts one service process now, so that it loads its modules while the shell loads its own, and hands it to the
 * first caller (what it said meanwhile kept for them); later calls (restarts) start new processes.
 */
export function startedEarly(spawn: SpawnService): SpawnService {
  let early: ServiceProcess | undefined = keepingMessages(spawn());
  return () => {
    const process = early ?? spawn();
    early = undefined;
    return process;
  };
}
