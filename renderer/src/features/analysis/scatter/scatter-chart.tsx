import { Box, Typography } from '@mui/material';
import { plural } from '../../../lib/format.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useAnalysisSelection } from '../analysis-selection.ts';
import { scatterAxes } from './scatter-axes.ts';
import { nearestPoint, type ScatterPoints } from './scatter-points.ts';

const HEIGHT = 300;
const REACH = 8;
/** Up to this many points, their pixel positions are listed on the chart (`data-point-px`) for tests and tools. */
const LISTED = 200;

/** Draws a series' points as squares straight onto uPlot's canvas, one path and one fill (uPlot's markers are arcs, slow at 10,000). */
const squares =
  (fill: string, size: number): uPlot.Series.PathBuilder =>
  (chart, seriesIdx, idx0, idx1) => {
    const xs = chart.data[0];
    const ys = chart.data[seriesIdx] ?? [];
    const side = size * uPlot.pxRatio;
    const path = new Path2D();
    for (let index = idx0; index <= idx1; index += 1) {
      const x = xs[index];
      const y = ys[index];
      if (x === undefined || y === undefined || y === null) continue;
      path.rect(chart.valToPos(x, 'x', true) - side / 2, chart.valToPos(y, 'y', true) - side / 2, side, side);
    }
    chart.ctx.fillStyle = fill;
    chart.ctx.fill(path);
    return null;
  };

/** What the chart needs to name and open the run under the pointer. */
interface ScatterChartProps {
  points: ScatterPoints;
  keys: readonly string[];
  names: readonly (string | null)[];
  labels: { x: string; y: string };
  logs: { x: boolean; y: boolean };
}

/** A uPlot scatter (points only): the run under the pointer named, a click opening it, a shift-click selecting it. */
export function ScatterChart({ points, keys, names, labels, logs }: ScatterChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const pixels = useRef<{ x: Float64Array; y: Float64Array }>({ x: new Float64Array(), y: new Float64Array() });
  const [hover, setHover] = useState(-1);
  const hoverRef = useRef(-1);
  const navigate = useNavigate();
  const selected = useAnalysisSelection((state) => state.selected);
  const select = useAnalysisSelection((state) => state.select);
  const keyAt = useRef((point: number): string | undefined => keys[points.runs[point] ?? -1]);
  const onClick = useRef<(event: MouseEvent) => void>(() => undefined);
  useEffect(() => {
    const runKey = (point: number) => keys[points.runs[point] ?? -1];
    keyAt.current = runKey;
    onClick.current = (event) => {
      const key = runKey(hoverRef.current);
      if (key === undefined) return;
      if (event.shiftKey) select(selected.includes(key) ? selected.filter((one) => one !== key) : [...selected, key]);
      else void navigate(`/experiments/${key}`);
    };
  }, [keys, points, selected, select, navigate]);
  const data = useMemo((): uPlot.AlignedData => {
    const chosen = new Set(selected);
    return [points.xs, points.ys, points.runs.map((run, index) => (chosen.has(keys[run] ?? '') ? (points.ys[index] ?? null) : null))];
  }, [points, keys, selected]);

  useEffect(() => {
    const box = host.current;
    if (!box) return undefined;
    const drawn = (chart: uPlot) => {
      const xs = chart.data[0];
      const ys = chart.data[1] ?? [];
      // The chart is built empty: only draws with the data count.
      if (xs.length === 0 && box.dataset.points !== '0') return;
      const px = new Float64Array(xs.length);
      const py = new Float64Array(xs.length);
      for (let index = 0; index < xs.length; index += 1) {
        px[index] = chart.valToPos(xs[index] ?? 0, 'x');
        py[index] = chart.valToPos(ys[index] ?? 0, 'y');
      }
      pixels.current = { x: px, y: py };
      box.dataset.draws = String(Number(box.dataset.draws ?? 0) + 1);
      box.dataset.drawMs = (performance.now() - Number(box.dataset.changedAt ?? 0)).toFixed(2);
      if (xs.length <= LISTED) {
        const over = chart.over.getBoundingClientRect();
        const root = box.getBoundingClientRect();
        box.dataset.pointPx = Array.from(px, (x, index) => `${keyAt.current(index)} ${(x + over.left - root.left).toFixed(1)} ${((py[index] ?? 0) + over.top - root.top).toFixed(1)}`).join(';');
      } else delete box.dataset.pointPx;
    };
    const pointsOnly = (fill: string, size: number): uPlot.Series => ({ paths: squares(fill, size), points: { show: false }, stroke: fill });
    const options: uPlot.Options = {
      width: box.clientWidth || 500,
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { show: false }, x: false, y: false },
      scales: { x: { time: false, distr: logs.x ? 3 : 1 }, y: { distr: logs.y ? 3 : 1 } },
      axes: scatterAxes({ x: labels.x, y: labels.y }, { x: logs.x, y: logs.y }),
      series: [{}, pointsOnly('rgba(25, 118, 210, 0.7)', 5), pointsOnly('#d32f2f', 9)],
      hooks: { draw: [drawn] },
    };
    // Built empty: the effect below gives it the data, as on every later change.
    const chart = new uPlot(options, [[], [], []], box);
    plot.current = chart;
    const move = (event: MouseEvent) => {
      const next = nearestPoint(pixels.current.x, pixels.current.y, event.offsetX, event.offsetY, REACH);
      hoverRef.current = next;
      setHover(next);
    };
    const leave = () => {
      hoverRef.current = -1;
      setHover(-1);
    };
    const click = (event: MouseEvent) => onClick.current(event);
    chart.over.addEventListener('mousemove', move);
    chart.over.addEventListener('mouseleave', leave);
    chart.over.addEventListener('click', click);
    const resize = new ResizeObserver(() => box.clientWidth > 0 && chart.setSize({ width: box.clientWidth, height: HEIGHT }));
    resize.observe(box);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [labels.x, labels.y, logs.x, logs.y]);
  useEffect(() => {
    if (!plot.current || plot.current.data === data) return;
    if (host.current) host.current.dataset.changedAt = String(performance.now());
    plot.current.setData(data);
  }, [data, labels.x, labels.y, logs.x, logs.y]);

  const hoveredRun = points.runs[hover];
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        ref={host}
        data-testid="scatter-plot"
        data-points={points.runs.length}
        role="img"
        aria-label={`Scatter of ${labels.y} against ${labels.x}: ${plural(points.runs.length, 'run')}; click a point to open its run, shift-click to select it`}
        sx={{ width: '100%', minHeight: HEIGHT, cursor: hover >= 0 ? 'pointer' : 'default' }}
      />
      {hoveredRun !== undefined && (
        <Typography role="status" variant="caption" sx={{ position: 'absolute', right: 4, top: 0, bgcolor: 'background.paper', px: 0.5 }}>
          {`${names[hoveredRun] ?? keys[hoveredRun]?.slice(0, 8)}: ${labels.x} ${points.xs[hover]}, ${labels.y} ${points.ys[hover]}`}
        </Typography>
      )}
    </Box>
  );
}
