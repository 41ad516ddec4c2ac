import type { ExperimentMetadata } from '../../../../shared/api/experiments.ts';
import { formatDateTime } from '../../lib/format.ts';
import { crashDetail, runStateOf, type RunStateFields } from './run-state.ts';

/** Where an experiment is in its lifecycle, as the table filters it. */
export type ExperimentState = 'running' | 'finished' | 'crashed' | 'archived' | 'trash';

/** Every state, in the order the filter shows them. */
export const EXPERIMENT_STATES: readonly ExperimentState[] = ['running', 'finished', 'crashed', 'archived', 'trash'];

/** The words the table shows for a state. */
export const STATE_LABELS: Record<ExperimentState, string> = {
  running: 'Running',
  finished: 'Finished',
  crashed: 'Crashed',
  archived: 'Archived',
  trash: 'In trash',
};

/** The icon beside a state's words (a glyph: the table draws 100,000 rows without a component per cell). */
export const STATE_ICONS: Record<ExperimentState, string> = {
  running: '●',
  finished: '✓',
  crashed: '⚠',
  archived: '▣',
  trash: '✗',
};

/** One row of the experiments table: what the base columns show, plus precomputed keys for filtering and sorting. */
export interface ExperimentRow {
  key: string;
  name: string | null;
  state: ExperimentState;
  /** For a crashed run: why ("Lost contact", "Crashed") and when it was last heard from; else null. */
  stateDetail: string | null;
  startTimeMillis: number;
  endTimeMillis: number;
  durationMillis: number;
  tags: readonly string[];
  /** The name of the experiment's home project (a symlinked experiment lives in another one). */
  homeProjectName: string;
  workspaceName: string;
  /** True when the row is listed here through a symlink. */
  linked: boolean;
  /** Lower-case name, key and tags joined: what the text filter searches. */
  search: string;
  /** The name with digit runs padded, lower-case, so that `run-2` sorts before `run-10` with a plain comparison. */
  sortName: string;
}

const DIGITS = /\d+/g;

/** A sort key that orders numbers inside names by value ("run-2" < "run-10"), comparable with `<`. */
export function naturalSortKey(text: string): string {
  return text.toLowerCase().replace(DIGITS, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(16, '0'));
}

/** The state of a listed experiment: trash wins over archived, archived over the run state (running, finished, crashed). */
export function stateOf(metadata: Pick<ExperimentMetadata, 'archived'> & Pick<RunStateFields, 'running' | 'hasCrashed' | 'state'>, inTrash: boolean): ExperimentState {
  if (inTrash) return 'trash';
  if (metadata.archived) return 'archived';
  return runStateOf(metadata);
}

/** Builds a table row from an experiment's metadata and tags, as listed in project `projectId`. */
export function toRow(metadata: ExperimentMetadata, tags: readonly string[], projectId: string, inTrash = false): ExperimentRow {
  const name = metadata.experimentName;
  return {
    key: metadata.experimentKey,
    name,
    state: stateOf(metadata, inTrash),
    stateDetail: crashDetail(metadata, formatDateTime),
    startTimeMillis: metadata.startTimeMillis,
    endTimeMillis: metadata.endTimeMillis,
    durationMillis: metadata.durationMillis,
    tags,
    homeProjectName: metadata.projectName,
    workspaceName: metadata.workspaceName,
    linked: metadata.projectId !== projectId,
    search: `${name ?? ''}\n${metadata.experimentKey}\n${tags.join('\n')}`.toLowerCase(),
    sortName: naturalSortKey(name ?? ''),
  };
}

/** The name to show for a row: its name, else its key. */
export function rowLabel(row: Pick<ExperimentRow, 'name' | 'key'>): string {
  return row.name && row.name.trim() !== '' ? row.name : row.key;
}
