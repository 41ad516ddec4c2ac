import type uPlot from 'uplot';
import { dragToZoom, seriesColor } from '../../logged-data/chart-options.ts';
import type { ChartLine, LineAxis } from './line-model.ts';

/** What the chart reports back: a dragged x range, a double click, the line under the pointer, a click on it. */
export interface LineEvents {
  onZoom(from: number, to: number): void;
  onResetZoom(): void;
  /** The line nearest the pointer (by value at the x under it), null when the pointer left the plot. */
  onHover(hover: LineHover | null): void;
  /** A click (not a drag) on a line: the runs it stands for, `add` when a modifier key was held. */
  onPick(keys: readonly string[], add: boolean): void;
}

/** The line under the pointer: its index in the chart's lines, the x and its value there. */
export interface LineHover {
  line: number;
  x: number;
  value: number;
}

/** How the chart looks: its lines, the axis, a log y scale, which lines are highlighted, the ink of axes and grid. */
export interface LineLook {
  lines: readonly ChartLine[];
  axis: LineAxis;
  logY: boolean;
  highlighted: ReadonlySet<number>;
  ink: string;
  grid: string;
}

const AXIS_LABEL: Record<LineAxis, string> = { step: 'Step', relative: "Seconds since the run's first point", time: 'Time' };

/** The data uPlot draws for `lines` on `xs`: a series per run line, or mean, upper and lower per group. */
export function lineData(xs: number[], lines: readonly ChartLine[]): uPlot.AlignedData {
  const columns: (number | null)[][] = [];
  for (const line of lines) {
    columns.push(line.ys);
    if (line.band) columns.push(line.band.high, line.band.low);
  }
  return [xs, ...columns] as uPlot.AlignedData;
}

/** The line nearest `y` at data index `at` of `data` (by value; `lineSeries[i]` is line i's series in data), or null. */
export function nearestLine(data: uPlot.AlignedData, lineSeries: readonly number[], at: number, y: number): LineHover | null {
  let best: LineHover | null = null;
  let distance = Infinity;
  lineSeries.forEach((seriesIndex, line) => {
    const value = data[seriesIndex]?.[at];
    if (value === null || value === undefined) return;
    const gap = Math.abs(value - y);
    if (gap < distance) [best, distance] = [{ line, x: data[0][at] ?? 0, value }, gap];
  });
  return best;
}

/** uPlot options of a line chart of `look`, reporting through `events`. */
export function lineOptions(look: LineLook, events: LineEvents): Omit<uPlot.Options, 'width' | 'height'> {
  const axisStyle = { stroke: look.ink, grid: { stroke: look.grid, width: 1 }, ticks: { stroke: look.grid, width: 1 } };
  const dim = look.highlighted.size > 0;
  const series: uPlot.Series[] = [{}];
  const bands: uPlot.Band[] = [];
  const lineSeries: number[] = [];
  look.lines.forEach((line, index) => {
    lineSeries.push(series.length);
    const color = seriesColor(index);
    const lit = look.highlighted.has(index);
    series.push({ label: line.label, stroke: dim && !lit ? `${color}55` : color, width: lit ? 3 : 1.5, spanGaps: true, points: { show: false } });
    if (line.band) {
      series.push({ label: `${line.label} upper`, stroke: 'transparent', width: 0, spanGaps: true, points: { show: false } });
      series.push({ label: `${line.label} lower`, stroke: 'transparent', width: 0, spanGaps: true, points: { show: false } });
      bands.push({ series: [series.length - 2, series.length - 1], fill: `${color}${dim && !lit ? '18' : '33'}` });
    }
  });
  let down: { x: number; y: number } | null = null;
  let hovered: LineHover | null = null;
  const zoom = dragToZoom((from, to) => events.onZoom(from, to), () => events.onResetZoom());
  return {
    ms: 1,
    legend: { show: false },
    scales: { x: { time: look.axis === 'time' }, y: look.logY ? { distr: 3 } : {} },
    axes: [{ ...axisStyle, label: AXIS_LABEL[look.axis] }, { ...axisStyle, size: 64 }],
    series,
    bands,
    cursor: { ...zoom.cursor, points: { show: false } },
    hooks: {
      ready: [
        (u) => {
          u.over.addEventListener('mousedown', (event) => (down = { x: event.clientX, y: event.clientY }));
          u.over.addEventListener('click', (event) => {
            if (down && Math.hypot(event.clientX - down.x, event.clientY - down.y) < 4) {
              const keys = hovered ? look.lines[hovered.line]?.keys : undefined;
              if (keys) events.onPick(keys, event.ctrlKey || event.metaKey || event.shiftKey);
            }
            down = null;
          });
        },
      ],
      setSelect: [zoom.setSelect],
      setCursor: [
        (u) => {
          const at = u.cursor.idx;
          const top = u.cursor.top;
          hovered = at === null || at === undefined || top === undefined || top < 0 ? null : nearestLine(u.data, lineSeries, at, u.posToVal(top, 'y'));
          events.onHover(hovered);
        },
      ],
    },
  };
}
