import type { ExperimentMetadata, RunEnding, RunState } from '../../../shared/api/experiments.ts';
import type { ProjectRecord } from '../../../shared/api/projects.ts';
import type { Experiment } from './experiment-store.ts';
import type { Project } from './project-store.ts';

/** A project as the reads send it (`public` and `isPublic` both, compat.md §3). */
export const toProjectRecord = (project: Project): ProjectRecord => ({
  projectId: project.uuid,
  projectName: project.name,
  ownerUserName: project.ownerUserName,
  projectDescription: project.description,
  workspaceName: project.workspaceName,
  numberOfExperiments: project.numberOfExperiments,
  lastUpdated: project.lastUpdated,
  public: project.isPublic,
  isPublic: project.isPublic,
});

/** Running: not stopped, and a keep-alive (or the creation) within the beat duration. */
export const isRunning = (experiment: Experiment, now: number, beatMillis: number): boolean =>
  experiment.stoppedAt === null && now - experiment.lastBeatAt <= beatMillis;

/**
 * How a run that is not running ended, from what the service recorded: a crash its client reported; silence when it
 * had sent heartbeats and they stopped for longer than the timeout before anything ended it (a stop that comes after,
 * such as E3 on a run already lost, does not make it a clean end); otherwise its client ended it. Null while it runs,
 * and for a run that never sent a heartbeat nor was ended (its client does not speak the liveness protocol).
 */
export function endingOf(experiment: Experiment, now: number, beatMillis: number): RunEnding | null {
  if (isRunning(experiment, now, beatMillis)) return null;
  if (experiment.hasCrashed) return 'crash';
  if (experiment.hasBeaten && (experiment.stoppedAt ?? now) - experiment.lastBeatAt > beatMillis) return 'silence';
  return experiment.stoppedAt === null ? null : 'client';
}

/** The state a run's ending reads as: crashed when reported or silent, else finished. */
const stateOf = (running: boolean, endedBy: RunEnding | null): RunState =>
  running ? 'running' : endedBy === 'crash' || endedBy === 'silence' ? 'crashed' : 'finished';

/**
 * The metadata record. Start defaults to the creation time; end, when not set by E10, is now while
 * running, else the last sign of life (keep-alive or stop). A run is crashed when a client said so, or when it
 * sent heartbeats and they stopped without an end report (a killed script): `endingOf`.
 */
export function toExperimentMetadata(experiment: Experiment, now: number, beatMillis: number): ExperimentMetadata {
  const running = isRunning(experiment, now, beatMillis);
  const endedBy = endingOf(experiment, now, beatMillis);
  const state = stateOf(running, endedBy);
  const startTimeMillis = experiment.startTimeMillis ?? experiment.createdAt;
  const lastSign = Math.max(experiment.lastBeatAt, experiment.stoppedAt ?? 0);
  const endTimeMillis = experiment.endTimeMillis ?? (running ? now : lastSign);
  return {
    experimentKey: experiment.key,
    experimentName: experiment.name,
    workspaceName: experiment.workspaceName,
    projectName: experiment.projectName,
    projectId: experiment.projectUuid,
    archived: experiment.archived,
    running,
    throttle: experiment.throttle,
    throttleMessage: experiment.throttleMessage,
    throttleReasons: experiment.throttleReasons,
    startTimeMillis,
    endTimeMillis,
    durationMillis: Math.max(0, endTimeMillis - startTimeMillis),
    fileName: experiment.fileName,
    filePath: experiment.filePath,
    optimizationId: experiment.optimizationId,
    userName: experiment.userName,
    hasCrashed: state === 'crashed',
    lastError: experiment.lastError,
    state,
    endedBy,
    lastHeardAt: experiment.hasBeaten ? experiment.lastBeatAt : null,
  };
}
