import { useMemo } from 'react';
import type { ExperimentMetadata } from '../../../../shared/api/experiments.ts';
import type { BridgeError } from '../../bridge.ts';
import { useApiQuery } from '../../lib/api.ts';
import { toRow, type ExperimentRow, type ExperimentState } from './experiment-row.ts';
import type { RowsDelta } from './row-delta.ts';
import { useFeedRows } from './use-feed-rows.ts';

/** One read behind the table: loading, failed, or done (or off, when its state is not shown). */
interface ListPart {
  label: string;
  loading: boolean;
  error: BridgeError | null;
}

/** The rows of a project's table and the state of the reads behind them. */
interface ExperimentRows {
  /** The rows read, in any state (the table view keeps those of the chosen states). */
  rows: ExperimentRow[];
  /** How `rows` came from the previous rows, when only some changed (a live update): the view moves just those. */
  delta: RowsDelta | null;
  /** The reads behind the rows (active, archive, trash, tags), for loading and error display. */
  parts: ListPart[];
  /** True until every enabled list read answered once. */
  loading: boolean;
  /** True when `rows` hold every experiment of the project outside the trash (archived ones too), whatever the chosen states. */
  everyState: boolean;
  /** False when the project's tags could not be read at once (the hosted service has no such read): tags load per visible row. */
  tagsListed: boolean;
}

/** List reads are large (up to 100,000 records): no refetch on focus, no deep comparison of old and new data. */
const bigList = { refetchOnWindowFocus: false, structuralSharing: false, staleTime: 30_000 } as const;

const NO_TAGS: readonly string[] = [];
const NO_ROWS: ExperimentRow[] = [];

function part(label: string, enabled: boolean, query: { isPending: boolean; error: BridgeError | null }): ListPart {
  return { label, loading: enabled && query.isPending, error: enabled ? query.error : null };
}

/**
 * Loads what the table shows for project `projectId` of `workspaceName` in the chosen states: through the service's
 * change feed where it has one (first rows at once, then only what changed, every second), else through the full reads.
 */
export function useExperimentRows(projectId: string, workspaceName: string | undefined, states: ReadonlySet<ExperimentState>): ExperimentRows {
  const feed = useFeedRows(projectId);
  const listed = useListedRows(projectId, workspaceName, states, feed.unsupported);
  if (feed.unsupported) return listed;
  const loading = !feed.snapshot?.complete && feed.error === null;
  const rows = feed.snapshot?.rows ?? NO_ROWS;
  return { rows, delta: feed.snapshot?.delta ?? null, parts: [{ label: 'experiments', loading, error: feed.error }], loading, everyState: true, tagsListed: true };
}

/**
 * The full reads, for services without the change feed: the live experiments (running, finished and crashed), the archived
 * ones and the trashed ones only while their state is chosen, and every experiment's tags in one read.
 */
function useListedRows(projectId: string, workspaceName: string | undefined, states: ReadonlySet<ExperimentState>, enabled: boolean): ExperimentRows {
  const wantLive = enabled && (states.has('running') || states.has('finished') || states.has('crashed'));
  const wantArchived = enabled && states.has('archived');
  const wantTrash = enabled && states.has('trash') && workspaceName !== undefined;
  const live = useApiQuery('listExperiments', { projectId }, { ...bigList, enabled: wantLive });
  const archived = useApiQuery('listExperiments', { projectId, archived: true }, { ...bigList, enabled: wantArchived });
  const trash = useApiQuery('listTrashedExperiments', { workspaceName: workspaceName ?? '' }, { ...bigList, enabled: wantTrash });
  const tags = useApiQuery('listExperimentTags', { projectId }, { ...bigList, retry: false, enabled });
  // A service without the bulk tag read (the hosted one answers 404) gets tags per visible row instead.
  const tagsListed = !tags.error;
  const tagsMissing = tags.error?.code === 'incompatible' || tags.error?.code === 'not_found';
  const tagsByKey = tags.data?.tags;

  const liveRows = useRows(wantLive ? live.data?.experiments : undefined, tagsByKey, projectId, false);
  const archivedRows = useRows(wantArchived ? archived.data?.experiments : undefined, tagsByKey, projectId, false);
  const trashed = useMemo(
    () => (wantTrash ? trash.data?.experiments.filter((experiment) => experiment.projectId === projectId) : undefined),
    [wantTrash, trash.data, projectId],
  );
  const trashRows = useRows(trashed, tagsByKey, projectId, true);
  const rows = useMemo(() => [...liveRows, ...archivedRows, ...trashRows], [liveRows, archivedRows, trashRows]);

  const parts = [
    part('experiments', wantLive, live),
    part('archived experiments', wantArchived, archived),
    part('trash', wantTrash, trash),
    part('tags', enabled && !tagsMissing, tags),
  ];
  return { rows, delta: null, parts, loading: parts.slice(0, 3).some((p) => p.loading), everyState: wantLive && wantArchived, tagsListed };
}

function useRows(
  experiments: readonly ExperimentMetadata[] | undefined,
  tagsByKey: Readonly<Record<string, string[]>> | undefined,
  projectId: string,
  inTrash: boolean,
): ExperimentRow[] {
  return useMemo(
    () => (experiments ?? []).map((experiment) => toRow(experiment, tagsByKey?.[experiment.experimentKey] ?? NO_TAGS, projectId, inTrash)),
    [experiments, tagsByKey, projectId, inTrash],
  );
}
