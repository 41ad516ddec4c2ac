import type { ExperimentMetadata, RunState } from '../../../../shared/api/experiments.ts';

/** What the run-state words and icons are read from. */
export type RunStateFields = Pick<ExperimentMetadata, 'running' | 'hasCrashed' | 'state' | 'endedBy' | 'lastHeardAt'>;

/** An experiment's run state; from `running` and `hasCrashed` when the service does not say (the hosted one). */
export const runStateOf = (metadata: Pick<RunStateFields, 'running' | 'hasCrashed' | 'state'>): RunState =>
  metadata.state ?? (metadata.running ? 'running' : metadata.hasCrashed ? 'crashed' : 'finished');

/**
 * Why a crashed run is called so, with when it was last heard from (`heard` formats that time): "Lost contact" when it
 * went silent (a killed script, a machine that lost power), "Crashed" when its client said so; null when not crashed.
 */
export function crashDetail(metadata: RunStateFields, heard: (millis: number) => string): string | null {
  if (runStateOf(metadata) !== 'crashed') return null;
  const words = metadata.endedBy === 'silence' ? 'Lost contact' : 'Crashed';
  return metadata.lastHeardAt == null ? words : `${words} — last heard from ${heard(metadata.lastHeardAt)}`;
}
