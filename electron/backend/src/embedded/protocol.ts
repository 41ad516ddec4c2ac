/** The V8 flags the embedded service's process starts with: the service's heap settings, which V8 takes only at start. */
export { SERVICE_NODE_FLAGS } from '../../../../server/src/process/heap-settings.ts';

/** What the backend sends the embedded service process. */
export type HostMessage =
  | {
      type: 'start';
      host: string;
      port: number;
      dataDir: string;
      bootstrapApiKey: string;
      webhooksAllowPrivate: boolean;
      /** The liveness timeout of runs (ms); 0 keeps the service's own. */
      aliveBeatMs: number;
    }
  /** Issue a fresh admin key (the keychain lost the old one). */
  | { type: 'issue-key' }
  /** Issue a key for the user's own scripts (revocable apart from the app's key). */
  | { type: 'issue-script-key' }
  /** Revoke the keys that start with `prefix`. */
  | { type: 'revoke-key'; prefix: string }
  | { type: 'stop' };

/** What the embedded service process answers. */
export type ServiceMessage =
  /** Sent first, once the process listens for messages (earlier messages could be lost while an ES module loads). */
  | { type: 'listening' }
  | { type: 'ready'; url: string }
  | { type: 'start-failed'; message: string }
  | { type: 'key-issued'; apiKey: string }
  | { type: 'issue-failed'; message: string }
  | { type: 'script-key-issued'; apiKey: string }
  | { type: 'key-revoked'; count: number }
  /** A script key could not be issued or revoked. */
  | { type: 'script-key-failed'; message: string }
  | { type: 'stopped' };

/** One embedded service process as the host sees it, whatever started it (Node child process or Electron utilityProcess). */
export interface ServiceProcess {
  /** The OS process id, once started. */
  readonly pid: number | undefined;
  send(message: HostMessage): void;
  onMessage(listener: (message: ServiceMessage) => void): void;
  /** Called once when the process ended, with its exit code (null when killed by a signal). */
  onExit(listener: (code: number | null) => void): void;
  /** Ends the process at once. */
  kill(): void;
}

/** Starts a new embedded service process; injected by the shell. */
export type SpawnService = () => ServiceProcess;
