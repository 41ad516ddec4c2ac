import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { generateApiKey } from '../../../../server/src/accounts/keys.ts';
import type { ServiceStatus } from '../../../../shared/ipc/index.ts';
import { ServiceClient } from '../client/service-client.ts';
import type { ServiceTarget } from '../client/target.ts';
import { AppError } from '../ipc/app-error.ts';
import type { KeyStore } from '../keys/key-store.ts';
import { EMBEDDED_PROFILE_ID } from '../profiles/profile-list.ts';
import { ProcessLink } from './process-link.ts';
import type { HostMessage, ServiceMessage, SpawnService } from './protocol.ts';

/** How the embedded service is run and watched. */
interface EmbeddedServiceOptions {
  userDataDir: string;
  keys: KeyStore;
  spawn: SpawnService;
  /** Called on every state change (the backend pushes it to the renderer as `service.status`). */
  onStatus: (status: ServiceStatus) => void;
  healthIntervalMs?: number;
  startTimeoutMs?: number;
  /** Restarts after unexpected exits before giving up (the count resets after a minute of good health). */
  maxRestarts?: number;
  /** Pause before the first restart; the n-th restart waits n times as long. */
  restartDelayMs?: number;
  /** The service's liveness timeout: a run silent this long reads crashed (0: the service's own, 10 s). */
  aliveBeatMs?: number;
}

/** The tunable limits of the embedded service (tests shorten them). */
export type EmbeddedServiceLimits = Partial<Pick<EmbeddedServiceOptions, 'healthIntervalMs' | 'startTimeoutMs' | 'maxRestarts' | 'restartDelayMs' | 'aliveBeatMs'>>;

const STOP_TIMEOUT_MS = 5_000;
const STABLE_MS = 60_000;

/** Runs the embedded tracking service in its own process: start, key, health checks, bounded restarts, clean stop. */
export class EmbeddedService {
  private readonly options: Required<EmbeddedServiceOptions>;
  private status: ServiceStatus = { profileId: EMBEDDED_PROFILE_ID, state: 'stopped' };
  private link: ProcessLink | undefined;
  private target: ServiceTarget | undefined;
  private launching: Promise<void> | undefined;
  private stopping = false;
  private restarts = 0;
  private readySince = 0;
  private healthTimer: NodeJS.Timeout | undefined;
  private readonly statusWaiters = new Set<() => void>();
  private asking: Promise<unknown> = Promise.resolve();

  constructor(options: EmbeddedServiceOptions) {
    this.options = { healthIntervalMs: 15_000, startTimeoutMs: 30_000, maxRestarts: 3, restartDelayMs: 500, aliveBeatMs: 0, ...options };
  }

  /** The service's data dir. */
  get dataDir(): string {
    return join(this.options.userDataDir, 'service');
  }

  /** The current state. */
  currentStatus(): ServiceStatus {
    return { ...this.status };
  }

  /** Starts the service unless it is running or starting; resolves once it is ready or has failed. */
  start(): Promise<ServiceStatus> {
    this.stopping = false;
    if (this.status.state !== 'ready') this.launching ??= this.launch().finally(() => (this.launching = undefined));
    return (this.launching ?? Promise.resolve()).then(() => this.currentStatus());
  }

  /** Stops and starts again with a fresh restart budget (the user's "restart" after a failure). */
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
    const answer = await this.ask({ type: 'issue-script-key' });
    if (answer.type !== 'script-key-issued') throw new AppError('internal', 'The local service answered something else: restart Trackdesk and try again.');
    return answer.apiKey;
  }

  /** Revokes the keys of the running service that start with `prefix`; answers how many. */
  async revokeKey(prefix: string): Promise<number> {
    const answer = await this.ask({ type: 'revoke-key', prefix });
    if (answer.type !== 'key-revoked') throw new AppError('internal', 'The local service answered something else: restart Trackdesk and try again.');
    return answer.count;
  }

  /** Sends one request to the ready process and waits for its answer (one at a time, so answers cannot cross). */
  private ask(message: HostMessage): Promise<ServiceMessage> {
    const work = async () => {
      await this.whenReady();
      const link = this.link;
      if (!link) throw new AppError('unreachable', 'The local service is not running: restart Trackdesk.');
      link.process.send(message);
      const reply = await link.next(['script-key-issued', 'key-revoked', 'script-key-failed'], this.options.startTimeoutMs).catch((error: unknown) => {
        throw new AppError('unreachable', `The local service did not answer: ${error instanceof Error ? error.message : String(error)}.`);
      });
      if (reply.type === 'script-key-failed') throw new AppError('internal', `The local service could not change its keys: ${reply.message}`);
      return reply;
    };
    const result = this.asking.then(work, work);
    this.asking = result.catch(() => undefined);
    return result;
  }

  /** Asks the process to stop, waits for it (killing it after 5 s), and reports `stopped`. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.healthTimer);
    await Promise.all([this.endProcess(), this.launching?.catch(() => undefined)]);
    await this.endProcess();
    this.setStatus({ state: 'stopped' });
  }

  private async endProcess(): Promise<void> {
    const link = this.link;
    if (!link || link.hasExited) return;
    link.process.send({ type: 'stop' });
    const timer = setTimeout(() => link.process.kill(), STOP_TIMEOUT_MS);
    await link.exited;
    clearTimeout(timer);
  }

  private async launch(): Promise<void> {
    if (this.status.state !== 'starting') this.setStatus({ state: 'starting' });
    try {
      await mkdir(this.dataDir, { recursive: true, mode: 0o700 });
      const link = new ProcessLink(this.options.spawn());
      this.link = link;
      void link.exited.then((code) => this.exited(link, code));
      const target = await this.boot(link);
      if (this.stopping) return;
      this.target = target;
      this.readySince = Date.now();
      this.setStatus({ state: 'ready', baseUrl: target.baseUrl });
      this.watchHealth(target);
    } catch (error) {
      this.link?.process.kill();
      if (!this.stopping) this.failed(`The local service could not start: ${error instanceof Error ? error.message : String(error)}.`);
    }
  }

  /** Starts the server with the stored admin key (a new one on first start); issues a fresh key if the stored one is refused. */
  private async boot(link: ProcessLink): Promise<ServiceTarget> {
    let apiKey = await this.options.keys.get(EMBEDDED_PROFILE_ID);
    if (!apiKey) {
      apiKey = generateApiKey();
      await this.options.keys.saveWithFallback(EMBEDDED_PROFILE_ID, apiKey);
    }
    await link.next(['listening'], this.options.startTimeoutMs);
    link.process.send({ type: 'start', host: '127.0.0.1', port: 0, dataDir: this.dataDir, bootstrapApiKey: apiKey, webhooksAllowPrivate: true, aliveBeatMs: this.options.aliveBeatMs });
    const started = await link.next(['ready', 'start-failed'], this.options.startTimeoutMs);
    if (started.type === 'start-failed') throw new Error(started.message);
    const target = { baseUrl: started.url, apiKey };
    if (await this.keyWorks(target)) return target;
    link.process.send({ type: 'issue-key' });
    const issued = await link.next(['key-issued', 'issue-failed'], this.options.startTimeoutMs);
    if (issued.type === 'issue-failed') throw new Error(`no admin key could be issued (${issued.message})`);
    await this.options.keys.saveWithFallback(EMBEDDED_PROFILE_ID, issued.apiKey);
    return { baseUrl: started.url, apiKey: issued.apiKey };
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

  /** Pings the version check; two misses in a row end the process, which then restarts like any unexpected exit. */
  private watchHealth(target: ServiceTarget): void {
    const client = new ServiceClient(target, { retries: 0, timeoutMs: Math.min(5_000, this.options.healthIntervalMs) });
    let misses = 0;
    clearInterval(this.healthTimer);
    this.healthTimer = setInterval(() => {
      client.call('serverVersion', {}).then(
        () => {
          misses = 0;
          if (Date.now() - this.readySince > STABLE_MS) this.restarts = 0;
        },
        () => {
          misses += 1;
          if (misses >= 2) this.link?.process.kill();
        },
      );
    }, this.options.healthIntervalMs);
    this.healthTimer.unref();
  }

  private exited(link: ProcessLink, code: number | null): void {
    if (link !== this.link) return;
    clearInterval(this.healthTimer);
    this.target = undefined;
    if (this.stopping || this.status.state !== 'ready') return;
    this.failed(`The local service stopped unexpectedly (exit code ${code ?? 'none, it was killed'}).`);
  }

  /** Restarts after a pause while the budget lasts; then reports `failed` for the user to act on. */
  private failed(reason: string): void {
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
