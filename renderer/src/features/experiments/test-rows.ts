import type { ExperimentMetadata } from '../../../../shared/api/experiments.ts';
import { toRow, type ExperimentRow } from './experiment-row.ts';

/** The project the test rows are listed in. */
const TEST_PROJECT_ID = 'p-home';

/** Experiment metadata as the service answers it, with the given fields changed (for tests). */
export function testMetadata(fields: Partial<ExperimentMetadata> & { experimentKey: string }): ExperimentMetadata {
  return {
    experimentName: null,
    workspaceName: 'team',
    projectName: 'home',
    projectId: TEST_PROJECT_ID,
    archived: false,
    running: false,
    throttle: false,
    throttleMessage: null,
    throttleReasons: [],
    hasCrashed: false,
    lastError: null,
    startTimeMillis: 1_700_000_000_000,
    endTimeMillis: 1_700_000_060_000,
    durationMillis: 60_000,
    fileName: null,
    filePath: null,
    optimizationId: null,
    userName: 'alice',
    ...fields,
  };
}

/** A table row for tests: key, name, tags and state chosen, the rest plausible. */
export function testRow(key: string, options: { name?: string | null; tags?: string[]; running?: boolean; archived?: boolean; trash?: boolean; start?: number; duration?: number; projectId?: string } = {}): ExperimentRow {
  const start = options.start ?? 1_700_000_000_000;
  const duration = options.duration ?? 60_000;
  const metadata = testMetadata({
    experimentKey: key,
    experimentName: options.name === undefined ? key : options.name,
    running: options.running ?? false,
    archived: options.archived ?? false,
    startTimeMillis: start,
    endTimeMillis: start + duration,
    durationMillis: duration,
    projectId: options.projectId ?? TEST_PROJECT_ID,
  });
  return toRow(metadata, options.tags ?? [], TEST_PROJECT_ID, options.trash ?? false);
}
