import { areaUnderCurve, curveKind, parseCurve, sortedCurvePoints, type CurveKind, type CurvePoint } from '../../../../../../shared/media/curve.ts';
import { cannotDisplay } from '../../../../../../shared/media/media-json.ts';
import type { RunText } from '../use-run-texts.ts';
import type { PanelRun } from '../use-media-panel.ts';

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

/** The curves of `texts` (each run's asset at the step) as lines in the view's run order, decoded by the SDK's format. */
export function curveChart(runs: readonly PanelRun[], texts: readonly RunText[]): CurveChart {
  const textOf = new Map(texts.map((text) => [text.experimentKey, text]));
  const chart: CurveChart = { lines: [], failures: [], pending: 0, extent: null };
  for (const run of runs) {
    const read = textOf.get(run.key);
    if (!read) continue;
    if (read.error !== undefined) chart.failures.push({ run, reason: `Cannot display this curve: ${read.error}` });
    if (read.text === undefined) {
      if (read.error === undefined) chart.pending += 1;
      continue;
    }
    const curve = parseCurve(read.text);
    if (!curve.ok) {
      chart.failures.push({ run, reason: cannotDisplay(curve.error) });
      continue;
    }
    const kind = curveKind(curve.value);
    chart.lines.push({ run, step: read.step, points: sortedCurvePoints(curve.value), kind, area: kind ? areaUnderCurve(curve.value) : undefined });
  }
  for (const line of chart.lines) {
    for (const { x, y } of line.points) {
      const was = chart.extent ?? { xMin: x, xMax: x, yMin: y, yMax: y };
      chart.extent = { xMin: Math.min(was.xMin, x), xMax: Math.max(was.xMax, x), yMin: Math.min(was.yMin, y), yMax: Math.max(was.yMax, y) };
    }
  }
  return chart;
}
