import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** What the chart draws: uPlot options (a new object rebuilds the chart), aligned data (appended with setData), an x range. */
interface UPlotChartProps {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  /** The x range shown (a zoom); undefined: the data's. */
  xRange?: readonly [number, number];
  height: number;
  /** The chart's accessible name (it is an image; a table beside it gives the values). */
  label: string;
}

/**
 * A uPlot canvas chart in a React tree: built once per `options`, fed new data with setData (no rebuild, so live
 * points append cheaply), resized with its box, destroyed on unmount. `data-builds` and `data-draws` on its box
 * count builds and draws, `data-draw-ms` is how long the last build or setData took until drawn (for tests and the bench).
 */
export function UPlotChart({ options, data, xRange, height, label }: UPlotChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | undefined>(undefined);
  useEffect(() => {
    const box = host.current;
    if (!box) return undefined;
    let draws = 0;
    const drawn = () => {
      box.dataset.draws = String((draws += 1));
      const since = Number(box.dataset.changedAt);
      if (since > 0) box.dataset.drawMs = (performance.now() - since).toFixed(2);
      box.dataset.changedAt = '0';
    };
    box.dataset.changedAt = String(performance.now());
    const counted: uPlot.Options = { ...options, width: box.clientWidth || 800, height, hooks: { ...options.hooks, draw: [...(options.hooks?.draw ?? []), drawn] } };
    // Built empty: the effect below gives it the data (and the zoom) right after, as on every later change.
    const chart = new uPlot(counted, options.series.map((): number[] => []) as uPlot.AlignedData, box);
    box.dataset.builds = String(Number(box.dataset.builds ?? 0) + 1);
    plot.current = chart;
    // A chart built while hidden (its section is built ahead) keeps its size until shown.
    const resize = new ResizeObserver(() => box.clientWidth > 0 && chart.setSize({ width: box.clientWidth, height }));
    resize.observe(box);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = undefined;
    };
  }, [options, height]);
  useEffect(() => {
    const chart = plot.current;
    if (!chart) return;
    if (chart.data !== data) {
      if (host.current && host.current.dataset.changedAt === '0') host.current.dataset.changedAt = String(performance.now());
      chart.setData(data as uPlot.AlignedData, xRange === undefined);
    }
    if (xRange) chart.setScale('x', { min: xRange[0], max: xRange[1] });
  }, [options, data, xRange]);
  return <div ref={host} role="img" aria-label={label} style={{ width: '100%', minHeight: height }} />;
}
