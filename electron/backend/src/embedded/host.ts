import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { generateApiKey } from '../../../../server/src/accounts/random-key.ts';
import type { ServiceStatus } from '../../../../shared/ipc/index.ts';
import { appInfo } from '../app-info.ts';
import { ServiceClient } from '../client/service-client.ts';
import type { ServiceTarget } from '../client/target.ts';
import { AppError } from '../ipc/app-error.ts';
import type { KeyStore } from '../keys/key-store.ts';
import { EMBEDDED_PROFILE_ID } from '../profiles/profile-list.ts';
import type { ControlReply, ControlRequest } from './local-routes.ts';
import type { SpawnService } from './protocol.ts';
import { answersAsItself, sendControl, stopService } from './service-control.ts';
import { isSameProcess, isWaiting, LOG_FILE, readServiceInfo, readStartFailure, type ServiceInfo } from './service-files.ts';
import { isOlderVersion, portTakenMessage } from './service-words.ts';

/** How the local service is found or started, and watched. */
interface EmbeddedServiceOptions {
  userDataDir: string;
  keys: KeyStore;
  spawn: SpawnService;
  /** The port to listen on (TRACKDESK_LOCAL_PORT, the app's setting, or the default; 0 for a free one, in tests). */
  port: () => Promise<number>;
  /** Called on every state change (the backend pushes it to the renderer as `service.status`). */
  onStatus: (status: ServiceStatus) => void;
  /** The app's version: an older running service is restarted with this app's. */
  version?: string;
  healthIntervalMs?: number;
  startTimeoutMs?: number;
  /** Restarts after unexpected exits before giving up (the count resets after a minute of good health). */
  maxRestarts?: number;
  /** Pause before the first restart; the n-th restart waits n times as long. */
  restartDelayMs?: number;
  /** The service's liveness timeout: a run silent this long reads crashed (0: the service's own, 10 s). */
  aliveBeatMs?: number;
}

/** The tunable limits of the local service (tests shorten them). */
export type EmbeddedServiceLimits = Partial<Pick<EmbeddedServiceOptions, 'healthIntervalMs' | 'startTimeoutMs' | 'maxRestarts' | 'restartDelayMs' | 'aliveBeatMs' | 'version'>>;

/** A start that cannot succeed by retrying (the port is another program's). */
class StartRefused extends Error {}

const STABLE_MS = 60_000;
const POLL_MS = 25;

/**
 * The local tracking service: one background process per data folder that outlives the window. Finds the running one
 * (its `service.json`, checked over HTTP to be it), or starts it; restarts an older one; stops it only when asked.
 */
export class EmbeddedService {
  private readonly options: Required<EmbeddedServiceOptions>;
  private status: ServiceStatus = { profileId: EMBEDDED_PROFILE_ID, state: 'stopped' };
  private info: ServiceInfo | undefined;
  private target: ServiceTarget | undefined;
  private launching: Promise<void> | undefined;
  private stopping = false;
  private restarts = 0;
  private readySince = 0;
  private healthTimer: NodeJS.Timeout | undefined;
  private readonly statusWaiters = new Set<() => void>();

  constructor(options: EmbeddedServiceOptions) {
    this.options = { healthIntervalMs: 15_000, startTimeoutMs: 30_000, maxRestarts: 3, restartDelayMs: 500, aliveBeatMs: 0, version: appInfo.version, ...options };
  }

  /** The service's data dir (its database, blobs, lock, `service.json` and log). */
  get dataDir(): string {
    return join(this.options.userDataDir, 'service');
  }

  /** The current state. */
  currentStatus(): ServiceStatus {
    return { ...this.status };
  }

  /** Finds the running service or starts one, unless ready or starting; resolves once it is ready or has failed. */
  start(): Promise<ServiceStatus> {
    this.stopping = false;
    if (this.status.state !== 'ready') this.launching ??= this.launch().finally(() => (this.launching = undefined));
    return (this.launching ?? Promise.resolve()).then(() => this.currentStatus());
  }

  /** Stops and starts again with a fresh restart budget (the user's "restart", or a new port). */
  async restart(): Promise<ServiceStatus> {
    await this.stop();
    this.restarts = 0;
    return this.start();
  }

  /** The address and key of the running service, waiting while it starts; fails when it is not running. */
  async whenReady(timeoutMs = this.options.startTimeoutMs): Promise<ServiceTarget> {
    const deadline = Date.now() + timeoutMs;
    while (this.status.state === 'starting' && Date.now() < deadline) await this.statusChange(deadline - Date.now());
    if (this.status.state === 'ready' && this.target) return this.target;
    const why = this.status.state === 'starting' ? 'it is still starting' : (this.status.message ?? `it is ${this.status.state}`);
    throw new AppError('unreachable', `The local service is not available: ${why}`);
  }

  /** Issues a key for the user's scripts in the running service (the app keeps it in the keychain, never shows it). */
  async issueScriptKey(): Promise<string> {
    const answer = await this.control({ type: 'issue-script-key' });
    if (!('apiKey' in answer)) throw new AppError('internal', 'The local service answered something else: restart it and try again.');
    return answer.apiKey;
  }

  /** Revokes the keys of the running service that start with `prefix`; answers how many. */
  async revokeKey(prefix: string): Promise<number> {
    const answer = await this.control({ type: 'revoke-key', prefix });
    if (!('count' in answer)) throw new AppError('internal', 'The local service answered something else: restart it and try again.');
    return answer.count;
  }

  /** Stops the service process (it finishes in-flight requests and closes SQLite) and reports `stopped`. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.healthTimer);
    await this.launching?.catch(() => undefined);
    const info = this.info ?? (await readServiceInfo(this.dataDir));
    if (info) await stopService(info);
    this.info = undefined;
    this.target = undefined;
    this.setStatus({ state: 'stopped' });
  }

  /** Lets go of the service without stopping it (the window closed): it keeps serving scripts. */
  async detach(): Promise<void> {
    this.stopping = true;
    clearInterval(this.healthTimer);
    await this.launching?.catch(() => undefined);
  }

  private async control(request: ControlRequest): Promise<ControlReply> {
    await this.whenReady();
    if (!this.info) throw new AppError('unreachable', 'The local service is not running: start it and try again.');
    return sendControl(this.info, request).catch((error: unknown) => {
      throw new AppError('unreachable', `The local service did not answer: ${error instanceof Error ? error.message : String(error)}.`);
    });
  }

  private async launch(): Promise<void> {
    if (this.status.state !== 'starting') this.setStatus({ state: 'starting' });
    let port: number | undefined;
    try {
      await mkdir(this.dataDir, { recursive: true, mode: 0o700 });
      port = await this.options.port();
      let info = await this.findRunning();
      let note: string | undefined;
      if (info && isOlderVersion(info.version, this.options.version)) {
        note = `The local service was updated from ${info.version} to ${this.options.version}.`;
        this.setStatus({ state: 'starting', message: `Updating the local service from ${info.version} to ${this.options.version}…` });
        // The updated service keeps the address scripts know (a free port, in tests, is the one it had), and loads its
        // code before the running one stops.
        info = await this.spawnAndWait(port === 0 ? info.port : port, info);
      } else if (info && port !== 0 && info.port !== port) {
        await stopService(info);
        info = undefined;
      }
      info ??= await this.spawnAndWait(port);
      const target = await this.keyedTarget(info);
      if (this.stopping) return;
      this.info = info;
      this.target = target;
      this.readySince = Date.now();
      this.setStatus({ state: 'ready', baseUrl: info.url, port: info.port, since: info.startedAt, version: info.version, ...(note ? { message: note } : {}) });
      this.watchHealth(info);
    } catch (error) {
      if (this.stopping) return;
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof StartRefused) this.setStatus({ state: 'failed', problem: 'port-taken', ...(port === undefined ? {} : { port }), message });
      else this.failed(`The local service could not start: ${message}.`);
    }
  }

  /** The running service of this data folder, when its process exists and answers at its address as itself. */
  private async findRunning(): Promise<ServiceInfo | undefined> {
    const info = await readServiceInfo(this.dataDir);
    return info && (await answersAsItself(info)) ? info : undefined;
  }

  /**
   * Starts a service process and waits for it to announce itself; one already holding the lock is waited for instead.
   * With `replacing`, the new process loads its code first and the running one is stopped only then.
   */
  private async spawnAndWait(port: number, replacing?: ServiceInfo): Promise<ServiceInfo> {
    const instanceId = randomUUID();
    const launched = this.options.spawn({
      dataDir: this.dataDir,
      port,
      instanceId,
      version: this.options.version,
      aliveBeatMs: this.options.aliveBeatMs,
      bootstrapApiKey: await this.adminKey(),
      logFile: join(this.dataDir, LOG_FILE),
      takeOver: replacing !== undefined,
    });
    let exitCode: number | null | undefined;
    void launched.exited.then((code) => (exitCode = code));
    const deadline = Date.now() + this.options.startTimeoutMs;
    let replaced = replacing === undefined;
    while (Date.now() < deadline) {
      if (!replaced && replacing && (exitCode !== undefined || (await isWaiting(this.dataDir, instanceId)))) {
        await stopService(replacing);
        replaced = true;
      }
      const info = await readServiceInfo(this.dataDir);
      if (info?.instanceId === instanceId) return info;
      const failure = await readStartFailure(this.dataDir, instanceId);
      if (failure?.code === 'already-running') return this.waitForRunning(deadline);
      if (failure?.code === 'port-taken') throw new StartRefused(await portTakenMessage(port));
      if (failure) throw new Error(failure.message);
      if (exitCode !== undefined && !(await readStartFailure(this.dataDir, instanceId))) {
        throw new Error(`its process exited (code ${exitCode ?? 'none, it was killed'}); see ${join(this.dataDir, LOG_FILE)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(`it did not answer within ${Math.round(this.options.startTimeoutMs / 1000)} s; see ${join(this.dataDir, LOG_FILE)}`);
  }

  /** Another start (a second app instance) holds the lock: its service is the one, once it answers. */
  private async waitForRunning(deadline: number): Promise<ServiceInfo> {
    while (Date.now() < deadline) {
      const info = await this.findRunning();
      if (info) return info;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error('another start of it holds its data folder but it does not answer');
  }

  private async adminKey(): Promise<string> {
    const stored = await this.options.keys.get(EMBEDDED_PROFILE_ID);
    if (stored) return stored;
    const apiKey = generateApiKey();
    await this.options.keys.saveWithFallback(EMBEDDED_PROFILE_ID, apiKey);
    return apiKey;
  }

  /** The service's address with the stored admin key, or a fresh admin key it issues when the stored one is refused. */
  private async keyedTarget(info: ServiceInfo): Promise<ServiceTarget> {
    const target = { baseUrl: info.url, apiKey: await this.adminKey() };
    if (await this.keyWorks(target)) return target;
    const issued = await sendControl(info, { type: 'issue-key' });
    if (!('apiKey' in issued)) throw new Error('no admin key could be issued');
    await this.options.keys.saveWithFallback(EMBEDDED_PROFILE_ID, issued.apiKey);
    return { baseUrl: info.url, apiKey: issued.apiKey };
  }

  private async keyWorks(target: ServiceTarget): Promise<boolean> {
    try {
      await new ServiceClient(target, { retries: 0, timeoutMs: 10_000 }).call('accountDetails', {});
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthorized') return false;
      throw error;
    }
  }

  /** Asks the service who it is; two misses in a row (it ended, or hangs) count as an unexpected exit and start it again. */
  private watchHealth(info: ServiceInfo): void {
    let misses = 0;
    clearInterval(this.healthTimer);
    this.healthTimer = setInterval(() => {
      void answersAsItself(info).then((alive) => {
        if (alive) {
          misses = 0;
          if (Date.now() - this.readySince > STABLE_MS) this.restarts = 0;
          return;
        }
        misses += 1;
        if (misses < 2 || this.stopping || this.info !== info) return;
        clearInterval(this.healthTimer);
        // A hung process still holds the data folder's lock: end it, so a fresh one can take its place.
        endProcess(info);
        if (this.status.state === 'ready') this.failed('The local service stopped unexpectedly.');
      });
    }, this.options.healthIntervalMs);
    this.healthTimer.unref();
  }

  /** Starts again after a pause while the budget lasts; then reports `failed` for the user to act on. */
  private failed(reason: string): void {
    this.info = undefined;
    this.target = undefined;
    this.restarts += 1;
    if (this.restarts > this.options.maxRestarts) {
      this.setStatus({ state: 'failed', message: `${reason} It kept failing after ${this.options.maxRestarts} restarts; restart it to try again.` });
      return;
    }
    this.setStatus({ state: 'starting', message: `${reason} Restarting (attempt ${this.restarts} of ${this.options.maxRestarts}).` });
    setTimeout(() => {
      if (!this.stopping) void this.start();
    }, this.options.restartDelayMs * this.restarts).unref();
  }

  private setStatus(change: Omit<ServiceStatus, 'profileId'>): void {
    this.status = { profileId: EMBEDDED_PROFILE_ID, ...change };
    this.options.onStatus(this.currentStatus());
    for (const wake of this.statusWaiters) wake();
  }

  private statusChange(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.statusWaiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      this.statusWaiters.add(wake);
    });
  }
}

/** Ends the service process `info` describes, unless its id now names another process. */
function endProcess(info: ServiceInfo): void {
  if (!isSameProcess(info.pid, info.pidStart)) return;
  try {
    process.kill(info.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
