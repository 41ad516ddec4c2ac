import { choiceId, choiceLabel, valuesOf, type AnalysisRunsReply, type ColumnChoice } from '../column-choice/column-choice.ts';
import { scaleFor, type AxisScale, type AxisValue } from './axis-scale.ts';

/** How many colours the metric is drawn in (lines are stroked a colour at a time). */
export const COLOUR_STEPS = 16;

/** One axis of the chart: the column it shows, its scale and each run's value. */
export interface ParallelAxis {
  id: string;
  label: string;
  choice: ColumnChoice;
  scale: AxisScale;
  values: readonly AxisValue[];
}

/** What the chart draws: the runs, their axes, each run's position on each axis and its colour step. */
export interface ParallelModel {
  keys: readonly string[];
  names: readonly (string | null)[];
  axes: readonly ParallelAxis[];
  /** `positions[run * axes.length + axis]`: 0 (bottom) … 1 (top), NaN where the run has no placeable value. */
  positions: Float32Array;
  /** Each run's colour step (0 … COLOUR_STEPS - 1) from the metric axis, -1 where it has no metric value. */
  colour: Int8Array;
}

/**
 * Builds the chart of `reply`'s runs over `params` then `metric` (the last axis, which colours the lines); the axes whose
 * id is in `log` are logarithmic where numeric.
 */
export function buildParallelModel(reply: AnalysisRunsReply, params: readonly ColumnChoice[], metric: ColumnChoice | null, log: ReadonlySet<string>): ParallelModel {
  const choices = metric ? [...params, metric] : [...params];
  const axes = choices.map((choice): ParallelAxis => {
    const values = valuesOf(reply, choice);
    const id = choiceId(choice);
    return { id, label: choiceLabel(choice), choice, values, scale: scaleFor(values, log.has(id)) };
  });
  const runs = reply.keys.length;
  const positions = new Float32Array(runs * axes.length);
  axes.forEach((axis, a) => {
    for (let run = 0; run < runs; run += 1) positions[run * axes.length + a] = axis.scale.position(axis.values[run] ?? null);
  });
  const colour = new Int8Array(runs).fill(-1);
  if (metric && axes.length > 0) {
    const last = axes.length - 1;
    for (let run = 0; run < runs; run += 1) {
      const at = positions[run * axes.length + last] ?? Number.NaN;
      if (!Number.isNaN(at)) colour[run] = Math.min(COLOUR_STEPS - 1, Math.floor(at * COLOUR_STEPS));
    }
  }
  return { keys: reply.keys, names: reply.names, axes, positions, colour };
}
