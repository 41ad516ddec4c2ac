import { useTheme } from '@mui/material';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { CurvePoint } from '../../../../../shared/media/curve.ts';
import { seriesColor } from '../../logged-data/chart-options.ts';

/** One drawn curve: its legend name, colour and points (sorted by x). */
export interface DrawnCurve {
  readonly label: string;
  readonly colorIndex: number;
  readonly points: readonly CurvePoint[];
}

const HEIGHT = 320;

/**
 * Curves drawn with uPlot in its x–y mode (each curve its own x values, so a ROC curve's vertical steps stay), rebuilt
 * when the curves change. `data-draw-ms` on its box is how long the last build took until drawn.
 */
export function CurveChart({ curves, label, xLabel, yLabel }: { curves: readonly DrawnCurve[]; label: string; xLabel: string; yLabel: string }) {
  const host = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const ink = theme.palette.text.secondary;
  const grid = theme.palette.divider;
  useEffect(() => {
    const box = host.current;
    if (!box) return undefined;
    const started = performance.now();
    const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const options: uPlot.Options = {
      mode: 2,
      width: box.clientWidth || 800,
      height: HEIGHT,
      legend: { show: false },
      scales: { x: { time: false } },
      axes: [{ ...axis, label: xLabel }, { ...axis, label: yLabel, size: 56 }],
      series: [
        {},
        ...curves.map((curve) => ({
          label: curve.label,
          stroke: seriesColor(curve.colorIndex),
          width: 2,
          facets: [
            { scale: 'x', auto: true },
            { scale: 'y', auto: true },
          ],
          paths: uPlot.paths.linear?.(),
          points: { show: curve.points.length <= 50 },
        })),
      ],
      hooks: {
        draw: [
          () => {
            box.dataset.drawMs = (performance.now() - started).toFixed(2);
          },
        ],
      },
    };
    const data = [null, ...curves.map((curve) => [curve.points.map((point) => point.x), curve.points.map((point) => point.y)])] as unknown as uPlot.AlignedData;
    const chart = new uPlot(options, data, box);
    const resize = new ResizeObserver(() => box.clientWidth > 0 && chart.setSize({ width: box.clientWidth, height: HEIGHT }));
    resize.observe(box);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [curves, ink, grid, xLabel, yLabel]);
  return <div ref={host} role="img" aria-label={label} style={{ width: '100%', minHeight: HEIGHT }} />;
}
