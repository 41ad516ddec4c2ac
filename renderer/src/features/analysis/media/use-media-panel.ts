import { useEffect, useMemo } from 'react';
import type { AnalysisColumn } from '../../../../../shared/api/analysis.ts';
import { MEDIA_MANY_MAX_RUNS } from '../../../../../shared/api/media-many.ts';
import { brushedKeys, useAnalysisSelection } from '../analysis-selection.ts';
import { useAnalysisRuns } from '../use-analysis-runs.ts';
import { useMediaMany, type MediaType } from './media-reads.ts';
import { shownStep, stepsOf, type MediaRun } from './media-steps.ts';

/** What every media panel asks: the view's runs, the kind and name, the step asked (null: latest), a parameter to group by. */
export interface MediaPanelAsk {
  projectId: string;
  query: string;
  panelId: string;
  type: MediaType;
  name: string;
  step: number | null;
  /** '' : no grouping. */
  groupBy?: string;
  /** Keeps the first name offered when the panel has none yet. */
  onFirstName(name: string): void;
}

/** A run of the view as a media panel shows it: key, name, colour index (as the line chart colours it) and group value. */
export interface PanelRun {
  key: string;
  name: string;
  /** The run's place among the view's runs (the line chart's colour index). */
  colour: number;
  /** The grouping parameter's value, null when not set or not grouped. */
  group: string | null;
}

/**
 * The common part of the media panels: the runs the view's filter and the other panels' brushes let through (followed
 * while open), the names of the kind they logged, each run's assets of the panel's name, the steps and the one shown.
 */
export function useMediaPanel(ask: MediaPanelAsk) {
  const { onFirstName } = ask;
  const columns = useMemo<AnalysisColumn[]>(() => (ask.groupBy ? [{ kind: 'param', name: ask.groupBy }] : []), [ask.groupBy]);
  const runs = useAnalysisRuns(ask.projectId, ask.query, columns);
  const brushes = useAnalysisSelection((state) => state.brushes);
  const passing = useMemo(() => brushedKeys(brushes, ask.panelId), [brushes, ask.panelId]);
  const viewRuns = useMemo<PanelRun[]>(() => {
    const data = runs.data;
    if (!data) return [];
    const groupColumn = ask.groupBy ? data.columns.find((column) => column.kind === 'param' && column.name === ask.groupBy) : undefined;
    return data.keys
      .map((key, index) => {
        const value = groupColumn?.last[index];
        return { key, name: data.names[index] ?? key.slice(0, 8), colour: index, group: value === null || value === undefined ? null : String(value) };
      })
      .filter((run) => passing === null || passing.has(run.key))
      .slice(0, MEDIA_MANY_MAX_RUNS);
  }, [runs.data, passing, ask.groupBy]);
  const keys = useMemo(() => viewRuns.map((run) => run.key), [viewRuns]);
  const names = useMediaMany(keys, ask.type);
  const items = useMediaMany(keys, ask.type, ask.name);
  useEffect(() => {
    const first = names.data?.names[0]?.name;
    if (ask.name === '' && first !== undefined) onFirstName(first);
  }, [ask.name, names.data, onFirstName]);
  const mediaRuns = useMemo<readonly MediaRun[]>(() => (ask.name === '' ? [] : (items.data?.runs ?? [])), [ask.name, items.data]);
  const steps = useMemo(() => stepsOf(mediaRuns), [mediaRuns]);
  return {
    runs: viewRuns,
    names: names.data?.names ?? [],
    mediaRuns,
    steps,
    shown: shownStep(ask.step, steps),
    loading: runs.isPending || (keys.length > 0 && (names.isPending || (ask.name !== '' && (items.isPending || items.isPlaceholderData)))),
    error: runs.error ?? names.error ?? items.error,
    truncated: (items.data?.truncated ?? false) || (names.data?.truncated ?? false),
  };
}

/** A media panel's state as `useMediaPanel` answers it. */
export type MediaPanelState = ReturnType<typeof useMediaPanel>;
