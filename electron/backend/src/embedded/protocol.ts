/** The V8 flags the local service's process starts with: the service's heap settings, which V8 takes only at start. */
export { SERVICE_NODE_FLAGS } from '../../../../server/src/process/heap-settings.ts';

/** The argument that starts the local service (after it, the service's own options); also names it in a process list. */
export const LOCAL_SERVICE_FLAG = '--trackdesk-local-service';
/** The environment variable that hands a new service the admin key to register on its first start. */
export const SERVICE_KEY_VARIABLE = 'TRACKDESK_LOCAL_SERVICE_BOOTSTRAP_KEY';

/** What one start of the local service's process needs. */
export interface ServiceLaunch {
  dataDir: string;
  port: number;
  instanceId: string;
  /** The app version starting it (the service reports it; a newer app restarts an older service). */
  version: string;
  /** The liveness timeout of runs (ms); 0 keeps the service's own. */
  aliveBeatMs: number;
  bootstrapApiKey: string;
  /** Where its output goes (it has no terminal). */
  logFile: string;
  /** Replaces a running service: loads its code, says so (`waiting.json`), and waits for the data folder's lock. */
  takeOver: boolean;
}

/** A service process just started in the background, as its starter sees it until it let go of it. */
export interface LaunchedService {
  readonly pid: number | undefined;
  /** Resolves with the exit code if it ends while the starter still runs (null when killed by a signal). */
  readonly exited: Promise<number | null>;
}

/** Starts the local service as a detached background process; injected by the shell (Node, or the Electron binary). */
export type SpawnService = (launch: ServiceLaunch) => LaunchedService;

/** The command-line arguments of a launch, after `LOCAL_SERVICE_FLAG`. */
export function launchArgs(launch: ServiceLaunch): string[] {
  return [
    LOCAL_SERVICE_FLAG,
    '--data-dir',
    launch.dataDir,
    '--port',
    String(launch.port),
    '--instance-id',
    launch.instanceId,
    '--version',
    launch.version,
    '--alive-beat-ms',
    String(launch.aliveBeatMs),
    ...(launch.takeOver ? ['--take-over'] : []),
  ];
}
