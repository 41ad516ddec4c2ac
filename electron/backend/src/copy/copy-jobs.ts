import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChannelRequest, CopyJobView } from '../../../../shared/ipc/index.ts';
import { ServiceClient } from '../client/service-client.ts';
import type { ClientOptions } from '../client/target.ts';
import type { EventBus } from '../events.ts';
import { AppError } from '../ipc/app-error.ts';
import type { ProfileService } from '../profiles/profile-service.ts';
import { copyExperiment, type ExperimentRun } from './copy-experiment.ts';
import { JobStore, viewOf, type JobRecord } from './job-store.ts';
import { lossesFor, requireWriteAccess, targetCaller } from './target-kind.ts';

/** Tuning of the copy jobs (tests and the bench change them). */
export interface CopyJobOptions {
  /** Experiments copied at once. */
  concurrency?: number;
  /** Attempts after a service went away (restarting) before the job stops and waits for Resume. */
  reconnects?: number;
  /** Pause before each such attempt (ms). */
  reconnectDelayMs?: number;
}

/** Failures that a restarting service causes: worth another attempt with fresh connections. */
const TRANSIENT = new Set(['unreachable', 'timeout', 'server_error']);
/** At most one record write and progress event per job in this interval (every item can be redone, so a lost write costs only time). */
const REPORT_EVERY_MS = 200;

/** Copy and move jobs between connections: started, listed, cancelled and resumed here; kept in the user data dir so they survive restarts. */
export class CopyJobs {
  private readonly store: JobStore;
  private readonly jobs = new Map<string, JobRecord>();
  private readonly running = new Map<string, AbortController>();
  /** Per job, the interval after a progress report in which further reports wait (and whether one is waiting). */
  private readonly reportWindows = new Map<string, { timer: NodeJS.Timeout; pending: boolean }>();
  private loaded: Promise<void> | undefined;
  /** Set while the app shuts down: running jobs stop but stay "running" on disk, so the next start resumes them. */
  private closing = false;
  private readonly profiles: ProfileService;
  private readonly clientOptions: Partial<ClientOptions>;
  private readonly events: EventBus;
  private readonly options: CopyJobOptions;

  constructor(userDataDir: string, profiles: ProfileService, clientOptions: Partial<ClientOptions>, events: EventBus, options: CopyJobOptions = {}) {
    this.store = new JobStore(userDataDir);
    this.profiles = profiles;
    this.clientOptions = clientOptions;
    this.events = events;
    this.options = options;
  }

  /** Loads the kept jobs once and resumes those that were running when the app stopped. */
  load(): Promise<void> {
    // Staged asset bytes of a run that ended with the app are leftovers: every asset in flight is sent again whole.
    this.loaded ??= rm(join(this.store.dir, 'staging'), { recursive: true, force: true }).then(() => this.store.all()).then((jobs) => {
      for (const job of jobs) this.jobs.set(job.jobId, job);
      for (const job of jobs) if (job.state === 'running') void this.run(job);
    });
    return this.loaded;
  }

  /** Whether the target offers the batch paths, and what a copy to it would lose. */
  async plan(request: ChannelRequest<'copies.plan'>): Promise<{ targetIsOurs: boolean; losses: string[] }> {
    if (request.sourceProfileId === request.targetProfileId) throw new AppError('invalid_input', 'The experiments are already on this connection: pick another one to copy them to.');
    const target = await this.client(request.targetProfileId);
    const caller = await targetCaller(target);
    if (caller) await requireWriteAccess(target, caller, request.workspaceName);
    const ours = caller !== undefined;
    return { targetIsOurs: ours, losses: lossesFor(ours) };
  }

  /** Starts a job and answers it at once; it runs in the background and reports `copies.progress`. */
  async start(request: ChannelRequest<'copies.start'>): Promise<CopyJobView> {
    await this.load();
    const plan = await this.plan(request);
    const [source, target] = await Promise.all([this.profiles.target(request.sourceProfileId), this.profiles.target(request.targetProfileId)]);
    const job: JobRecord = {
      ...request,
      jobId: randomUUID(),
      createdAt: Date.now(),
      state: 'running',
      ...plan,
      sourceBaseUrl: source.baseUrl,
      targetBaseUrl: target.baseUrl,
      experiments: request.experimentKeys.map((key) => ({ sourceKey: key, name: key, state: 'pending', itemsDone: 0, itemsTotal: 1, problems: [], trashed: false, done: {} })),
    };
    this.jobs.set(job.jobId, job);
    await this.store.save(job);
    void this.run(job);
    return viewOf(job);
  }

  /** Every job, newest first. */
  async list(): Promise<CopyJobView[]> {
    await this.load();
    return [...this.jobs.values()].sort((a, b) => b.createdAt - a.createdAt).map(viewOf);
  }

  /** Stops a running job after the item in flight. */
  async cancel(jobId: string): Promise<CopyJobView> {
    const job = await this.get(jobId);
    this.running.get(jobId)?.abort();
    return viewOf(job);
  }

  /** Runs a stopped or failed job again from where it left off. */
  async resume(jobId: string): Promise<CopyJobView> {
    const job = await this.get(jobId);
    if (!this.running.has(jobId) && job.state !== 'done') {
      job.state = 'running';
      delete job.message;
      for (const experiment of job.experiments) if (experiment.state === 'failed') experiment.state = 'pending';
      void this.run(job);
    }
    return viewOf(job);
  }

  /** Stops every running job for shutdown (they stay "running" on disk and resume at the next start) and waits for them. */
  async stopAll(): Promise<void> {
    this.closing = true;
    for (const controller of this.running.values()) controller.abort();
    while (this.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  private async get(jobId: string): Promise<JobRecord> {
    await this.load();
    const job = this.jobs.get(jobId);
    if (!job) throw new AppError('not_found', 'This copy job is no longer kept: start the copy again from the experiment table.');
    return job;
  }

  private async client(profileId: string): Promise<ServiceClient> {
    return new ServiceClient(await this.profiles.target(profileId), this.clientOptions);
  }

  private async run(job: JobRecord): Promise<void> {
    const controller = new AbortController();
    this.running.set(job.jobId, controller);
    const reconnects = this.options.reconnects ?? 5;
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          await this.attempt(job, controller.signal);
          break;
        } catch (error) {
          const code = error instanceof AppError ? error.code : 'internal';
          if (controller.signal.aborted || !TRANSIENT.has(code) || attempt >= reconnects) throw error;
          await new Promise((resolve) => setTimeout(resolve, this.options.reconnectDelayMs ?? 2_000));
        }
      }
      const failed = job.experiments.filter((e) => e.state === 'failed').length;
      job.state = failed > 0 ? 'failed' : 'done';
      if (failed > 0) job.message = `${failed} of ${job.experiments.length} experiments did not copy cleanly (see each one): fix the cause, then resume.`;
    } catch (error) {
      if (this.closing) return;
      job.state = controller.signal.aborted ? 'cancelled' : 'failed';
      job.message = controller.signal.aborted
        ? 'Stopped. What was copied stays; resume to finish without copying anything twice.'
        : `${error instanceof Error ? error.message : String(error)} Check both connections, then resume.`;
    } finally {
      this.running.delete(job.jobId);
      await this.report(job, true);
    }
  }

  private async attempt(job: JobRecord, signal: AbortSignal): Promise<void> {
    const stagingDir = join(this.store.dir, 'staging');
    await mkdir(stagingDir, { recursive: true, mode: 0o700 });
    const [source, target] = await Promise.all([this.client(job.sourceProfileId), this.client(job.targetProfileId)]);
    const experimentRun: ExperimentRun = { job, source, target, ours: job.targetIsOurs, stagingDir, signal, progressed: () => void this.report(job) };
    const queue = job.experiments.filter((e) => e.state !== 'done');
    const worker = async () => {
      for (let record = queue.shift(); record; record = queue.shift()) {
        try {
          await copyExperiment(experimentRun, record);
        } catch (error) {
          const code = error instanceof AppError ? error.code : 'internal';
          if (signal.aborted || TRANSIENT.has(code) || code === 'cancelled') throw error;
          record.state = 'failed';
          if (record.problems.length === 0) record.problems = [error instanceof Error ? error.message : String(error)];
        }
        void this.report(job);
      }
    };
    const results = await Promise.allSettled(Array.from({ length: this.options.concurrency ?? 2 }, worker));
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }

  /**
   * Writes the job and pushes its progress: the first report at once, then at most one every REPORT_EVERY_MS (the
   * last of an interval sent at its end); at once, closing the interval, when `now`.
   */
  private async report(job: JobRecord, now = false): Promise<void> {
    const window = this.reportWindows.get(job.jobId);
    if (window && !now) {
      window.pending = true;
      return;
    }
    if (window) clearTimeout(window.timer);
    this.reportWindows.delete(job.jobId);
    if (!now) this.openReportWindow(job);
    await this.send(job);
  }

  /** Holds further reports of a job for REPORT_EVERY_MS, then sends the one that waited, if any. */
  private openReportWindow(job: JobRecord): void {
    const window = { pending: false, timer: setTimeout(() => {
      this.reportWindows.delete(job.jobId);
      if (window.pending) void this.report(job);
    }, REPORT_EVERY_MS) };
    this.reportWindows.set(job.jobId, window);
  }

  /** Pushes a job's progress and records it. */
  private async send(job: JobRecord): Promise<void> {
    this.events.emit('copies.progress', viewOf(job));
    // A write that fails (a full disk) costs only time: every item can be done again.
    await this.store.save(structuredClone(job)).catch((error: unknown) => console.error('Trackdesk: a copy job could not be recorded:', error));
  }
}
