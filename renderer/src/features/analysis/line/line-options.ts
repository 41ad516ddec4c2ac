import type uPlot from 'uplot';
import { dragToZoom } from '../../logged-data/chart-options.ts';
import type { ChartLine, LineAxis } from './line-model.ts';
import { paintLines } from './line-paint.ts';

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

/** How the chart looks: the axis, a log y scale, which lines are highlighted, the ink of axes and grid. */
export interface LineLook {
  axis: LineAxis;
  logY: boolean;
  highlighted: ReadonlySet<number>;
  ink: string;
  grid: string;
}

const AXIS_LABEL: Record<LineAxis, string> = { step: 'Step', relative: "Seconds since the run's first point", time: 'Time' };

/** The lines each data array of `lineData` stands for (uPlot keeps the array it is given: the draw hook finds them by it). */
const linesOfData = new WeakMap<uPlot.AlignedData, readonly ChartLine[]>();

/**
 * What uPlot holds for `lines` on `xs`: the x values, and the lowest and highest value drawn at each x (two series that
 * scale the y axis, zoomed or not, and draw nothing). The lines themselves are painted by the chart's draw hook, all
 * runs in a few strokes: uPlot's per-series work made 1,000 runs slow to draw.
 */
export function lineData(xs: number[], lines: readonly ChartLine[]): uPlot.AlignedData {
  const low: (number | null)[] = new Array<number | null>(xs.length).fill(null);
  const high: (number | null)[] = new Array<number | null>(xs.length).fill(null);
  const widen = (values: readonly (number | null)[]) => {
    for (let at = 0; at < xs.length; at += 1) {
      const value = values[at];
      if (value === null || value === undefined || !Number.isFinite(value)) continue;
      const lo = low[at];
      const hi = high[at];
      if (lo === null || lo === undefined || value < lo) low[at] = value;
      if (hi === null || hi === undefined || value > hi) high[at] = value;
    }
  };
  for (const line of lines) {
    widen(line.ys);
    if (line.band) [line.band.low, line.band.high].forEach(widen);
  }
  const data = [xs, low, high] as uPlot.AlignedData;
  linesOfData.set(data, lines);
  return data;
}

/** The line nearest `y` at index `at` of the x grid `xs` (by value), or null when no line has a value there. */
export function nearestLine(lines: readonly ChartLine[], xs: ArrayLike<number>, at: number, y: number): LineHover | null {
  let best: LineHover | null = null;
  let distance = Infinity;
  lines.forEach((line, index) => {
    const value = line.ys[at];
    if (value === null || value === undefined || !Number.isFinite(value)) return;
    const gap = Math.abs(value - y);
    if (gap < distance) [best, distance] = [{ line: index, x: xs[at] ?? 0, value }, gap];
  });
  return best;
}

/** An envelope series: it scales the y axis and draws nothing. */
const envelope = (label: string): uPlot.Series => ({ label, spanGaps: true, paths: () => null, points: { show: false } });

/** uPlot options of a line chart of `look`, reporting through `events`; the lines come with the data (`lineData`). */
export function lineOptions(look: LineLook, events: LineEvents): Omit<uPlot.Options, 'width' | 'height'> {
  const axisStyle = { stroke: look.ink, grid: { stroke: look.grid, width: 1 }, ticks: { stroke: look.grid, width: 1 } };
  let down: { x: number; y: number } | null = null;
  let hovered: LineHover | null = null;
  const linesOf = (u: uPlot) => linesOfData.get(u.data) ?? [];
  const zoom = dragToZoom((from, to) => events.onZoom(from, to), () => events.onResetZoom());
  return {
    ms: 1,
    legend: { show: false },
    scales: { x: { time: look.axis === 'time' }, y: look.logY ? { distr: 3 } : {} },
    axes: [{ ...axisStyle, label: AXIS_LABEL[look.axis] }, { ...axisStyle, size: 64 }],
    series: [{}, envelope('lowest'), envelope('highest')],
    cursor: { ...zoom.cursor, points: { show: false } },
    hooks: {
      ready: [
        (u) => {
          u.over.addEventListener('mousedown', (event) => (down = { x: event.clientX, y: event.clientY }));
          u.over.addEventListener('click', (event) => {
            if (down && Math.hypot(event.clientX - down.x, event.clientY - down.y) < 4) {
              const keys = hovered ? linesOf(u)[hovered.line]?.keys : undefined;
              if (keys) events.onPick(keys, event.ctrlKey || event.metaKey || event.shiftKey);
            }
            down = null;
          });
        },
      ],
      draw: [
        (u) => {
          // What was painted, for tests: the canvas itself cannot be read back as values.
          const painted = paintLines(u, linesOf(u), look.highlighted);
          Object.assign(u.root.dataset, { paintedLines: painted.lines, paintedPoints: painted.points, paintedHighlighted: painted.highlighted });
        },
      ],
      setSelect: [zoom.setSelect],
      setCursor: [
        (u) => {
          const at = u.cursor.idx;
          const top = u.cursor.top;
          hovered = at === null || at === undefined || top === undefined || top < 0 ? null : nearestLine(linesOf(u), u.data[0], at, u.posToVal(top, 'y'));
          events.onHover(hovered);
        },
      ],
    },
  };
}
