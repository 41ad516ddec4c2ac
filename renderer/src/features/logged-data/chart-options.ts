import type uPlot from 'uplot';
import type { ChartAxis } from './chart-data.ts';

/** Colours told apart by most forms of colour blindness (Okabe–Ito). */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

/** The colour of the n-th series. */
export const seriesColor = (index: number): string => PALETTE[index % PALETTE.length] ?? '#0072B2';

/** What the chart reports back: a dragged x range, a double click, the x under the cursor. */
export interface ChartEvents {
  onZoom(from: number, to: number): void;
  onResetZoom(): void;
  onHover(x: number | null): void;
}

/** How a chart looks: its lines (name and colour), the x axis, a log y scale, the ink of axes and grid. */
export interface ChartLook {
  lines: readonly { name: string; colorIndex: number }[];
  axis: ChartAxis;
  logScale: boolean;
  ink: string;
  grid: string;
}

/**
 * Drag-to-zoom on the x axis: the cursor settings (drag along x without rescaling; a double click calls `onResetZoom`)
 * and the `setSelect` hook that hands the dragged x range to `onZoom` and clears the selection.
 */
export function dragToZoom(onZoom: (from: number, to: number) => void, onResetZoom: () => void) {
  const cursor: uPlot.Cursor = {
    drag: { x: true, y: false, setScale: false },
    bind: {
      dblclick: () => () => {
        onResetZoom();
        return null;
      },
    },
  };
  const setSelect = (u: uPlot) => {
    if (u.select.width < 2) return;
    const from = u.posToVal(u.select.left, 'x');
    const to = u.posToVal(u.select.left + u.select.width, 'x');
    u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
    onZoom(from, to);
  };
  return { cursor, setSelect };
}

/** uPlot options for a chart of `look`, reporting through `events`. */
export function chartOptions(look: ChartLook, events: ChartEvents): Omit<uPlot.Options, 'width' | 'height'> {
  const axisStyle = { stroke: look.ink, grid: { stroke: look.grid, width: 1 }, ticks: { stroke: look.grid, width: 1 } };
  const zoom = dragToZoom((from, to) => events.onZoom(Math.floor(from), Math.ceil(to)), () => events.onResetZoom());
  return {
    ms: 1,
    legend: { show: false },
    scales: { x: { time: look.axis === 'time' }, y: look.logScale ? { distr: 3 } : {} },
    axes: [
      { ...axisStyle, label: look.axis === 'step' ? 'Step' : 'Time' },
      { ...axisStyle, size: 64 },
    ],
    series: [{}, ...look.lines.map((line) => ({ label: line.name, stroke: seriesColor(line.colorIndex), width: 1.5, spanGaps: true, points: { show: false } }))],
    cursor: zoom.cursor,
    hooks: {
      setSelect: [zoom.setSelect],
      setCursor: [
        (u) => {
          const index = u.cursor.idx;
          events.onHover(index === null || index === undefined ? null : (u.data[0]?.[index] ?? null));
        },
      ],
    },
  };
}
