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

/** How many of the slider's steps on each side of the shown one are read ahead. */
const STEPS_AHEAD = 2;

/**
 * The images the slider's steps next to `shown` (two before, two after, nearest first) would show that the step shown
 * does not: read ahead, so that moving the slider by a step shows every run's image at once, even moved again at once.
 */
export function neighbourItems(mediaRuns: readonly MediaRun[], steps: readonly number[], shown: number | null): { experimentKey: string; assetId: string }[] {
  const at = shown === null ? -1 : steps.indexOf(shown);
  if (at < 0) return [];
  const near = Array.from({ length: STEPS_AHEAD }, (_, distance) => [steps[at - distance - 1], steps[at + distance + 1]])
    .flat()
    .filter((step): step is number => step !== undefined);
  const wanted = new Map<string, { experimentKey: string; assetId: string }>();
  for (const run of mediaRuns) {
    const current = itemAt(run, shown)?.assetId;
    for (const step of near) {
      const item = itemAt(run, step);
      if (item && item.assetId !== current) wanted.set(item.assetId, { experimentKey: run.experimentKey, assetId: item.assetId });
    }
  }
  return [...wanted.values()];
}
