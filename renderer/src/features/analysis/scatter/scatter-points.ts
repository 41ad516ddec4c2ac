import { valuesOf, type AnalysisRunsReply, type ColumnChoice } from '../column-choice/column-choice.ts';

/** The points a scatter draws, sorted by x (as uPlot wants): each point's run (index in the reply), x and y. */
export interface ScatterPoints {
  runs: number[];
  xs: number[];
  ys: number[];
  /** Runs shown by the other panels' brushes but without a value to place (none, text, or ≤ 0 on a log axis). */
  leftOut: number;
}

/** Whether a value can be placed on a linear or log axis. */
const placeable = (value: unknown, log: boolean): value is number => typeof value === 'number' && Number.isFinite(value) && (!log || value > 0);

/** The points of `reply`'s runs that `shown` lets through (1; null: every run), `x` against `y`. */
export function scatterPoints(reply: AnalysisRunsReply, x: ColumnChoice, y: ColumnChoice, logs: { x: boolean; y: boolean }, shown: ReadonlySet<string> | null): ScatterPoints {
  const xValues = valuesOf(reply, x);
  const yValues = valuesOf(reply, y);
  const order: number[] = [];
  let leftOut = 0;
  reply.keys.forEach((key, run) => {
    if (shown !== null && !shown.has(key)) return;
    if (placeable(xValues[run], logs.x) && placeable(yValues[run], logs.y)) order.push(run);
    else leftOut += 1;
  });
  order.sort((a, b) => (xValues[a] as number) - (xValues[b] as number) || a - b);
  return { runs: order, xs: order.map((run) => xValues[run] as number), ys: order.map((run) => yValues[run] as number), leftOut };
}

/** The index of the point nearest to (x, y) among pixel positions `px`, `py`, within `reach` pixels; -1 when none. */
export function nearestPoint(px: ArrayLike<number>, py: ArrayLike<number>, x: number, y: number, reach: number): number {
  let best = -1;
  let bestDistance = reach * reach;
  for (let index = 0; index < px.length; index += 1) {
    const dx = (px[index] ?? Infinity) - x;
    const dy = (py[index] ?? Infinity) - y;
    const distance = dx * dx + dy * dy;
    if (distance <= bestDistance) {
      best = index;
      bestDistance = distance;
    }
  }
  return best;
}
