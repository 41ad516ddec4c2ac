import { groupRuns } from '../media-groups.ts';
import { itemAt, type MediaItem, type MediaRun } from '../media-steps.ts';
import type { PanelRun } from '../use-media-panel.ts';

/** One column of the images panel: a run, and its image at the step shown (undefined: none logged by then). */
export interface ImageColumn {
  run: PanelRun;
  item: MediaItem | undefined;
}

/** A group of columns: the grouping parameter's label ('' when ungrouped) and its runs. */
export interface ImageGroup {
  label: string;
  columns: ImageColumn[];
}

/**
 * The images panel's columns at `step`: the runs that logged the name, in the view's order, grouped by the parameter's
 * value when `groupBy` names one ("lr = 0.1", "lr not set" last), each with its image at that step.
 */
export function imageGrid(runs: readonly PanelRun[], mediaRuns: readonly MediaRun[], step: number | null, groupBy: string): ImageGroup[] {
  const logged = new Map(mediaRuns.map((run) => [run.experimentKey, run]));
  const shown = runs.filter((run) => logged.has(run.key));
  const byKey = new Map(shown.map((run) => [run.key, run]));
  const groups = groupRuns(shown.map((run) => run.key), groupBy === '' ? null : (key) => byKey.get(key)?.group ?? null);
  return groups.map((group) => ({
    label: groupBy === '' ? '' : group.value === '' ? `${groupBy} not set` : `${groupBy} = ${group.value}`,
    columns: group.keys.flatMap((key) => {
      const run = byKey.get(key);
      const media = logged.get(key);
      return run && media ? [{ run, item: itemAt(media, step) }] : [];
    }),
  }));
}
