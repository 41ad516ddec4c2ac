import { areaUnderCurve, CURVE_KIND, curveKind, parseCurve, sortedCurvePoints, type CurveKind, type CurvePoint } from '../../../../../../shared/media/curve.ts';
import { decodeRuns } from '../decoded-runs.ts';
import type { PanelRun } from '../use-media-panel.ts';
import type { RunText } from '../use-run-texts.ts';

/** One run's curve as drawn: the run, the step it was logged at, its points by x, and its area when it is a ROC or PR curve. */
export interface CurveLine {
  run: PanelRun;
  step: number;
  points: CurvePoint[];
  kind: CurveKind | undefined;
  area: number | undefined;
}

/** What the curves panel draws: a line per run that has its curve read, the runs whose curve cannot be shown, and the extent. */
export interface CurveChart {
  lines: CurveLine[];
  failures: { run: PanelRun; reason: string }[];
  /** Runs whose curve is still being read. */
  pending: number;
  extent: { xMin: number; xMax: number; yMin: number; yMax: number } | null;
}

/** The smallest box holding every point of `lines`, null without a point. */
function extentOf(lines: readonly CurveLine[]): CurveChart['extent'] {
  let extent: CurveChart['extent'] = null;
  for (const line of lines) {
    for (const { x, y } of line.points) {
      const was: NonNullable<CurveChart['extent']> = extent ?? { xMin: x, xMax: x, yMin: y, yMax: y };
      extent = { xMin: Math.min(was.xMin, x), xMax: Math.max(was.xMax, x), yMin: Math.min(was.yMin, y), yMax: Math.max(was.yMax, y) };
    }
  }
  return extent;
}

/** The curves of `texts` (each run's asset at the step) as lines in the view's run order, decoded by the SDK's format. */
export function curveChart(runs: readonly PanelRun[], texts: readonly RunText[]): CurveChart {
  const decoded = decodeRuns(runs, texts, CURVE_KIND, parseCurve);
  const lines = decoded.shown.map(({ run, step, value }) => {
    const kind = curveKind(value);
    return { run, step, points: sortedCurvePoints(value), kind, area: kind ? areaUnderCurve(value) : undefined };
  });
  return { lines, failures: decoded.failures, pending: decoded.pending, extent: extentOf(lines) };
}
