import { Box, Stack, Typography } from '@mui/material';
import { useEffect, useRef, type MouseEvent } from 'react';
import type { HistogramHeatmap } from '../../../../../shared/media/histogram3d.ts';
import { formatEdge } from './bin-format.ts';
import { heatmapImage, paintHeatmap } from './heatmap-paint.ts';

/** Height of a step's strip, bounded so a few steps stay readable and a thousand fit. */
const heightFor = (rows: number): number => Math.min(360, Math.max(120, rows * 4));

/**
 * A histogram's steps as a heatmap on a canvas (steps down, values across): pointing at a strip shows that step, a click
 * keeps it. `data-draw-ms` on the canvas is how long its last paint took, image included when the heatmap changed (for the
 * bench); `data-draws` counts paints, `data-rows` is how many steps it has.
 */
export function HistogramHeatmapCanvas({ heatmap, selectedRow, onRow, label }: { heatmap: HistogramHeatmap; selectedRow: number; onRow(row: number, keep: boolean): void; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const rows = heatmap.steps.length;
  const height = heightFor(rows);
  // The heatmap's image, made again only when the heatmap changes (a new step selected only repaints).
  const image = useRef<{ heatmap: HistogramHeatmap; pixels: HTMLCanvasElement } | null>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const started = performance.now();
    const width = Math.max(1, Math.round(element.clientWidth * devicePixelRatio)) || 800;
    const pixelHeight = Math.round(height * devicePixelRatio);
    if (element.width !== width || element.height !== pixelHeight) [element.width, element.height] = [width, pixelHeight];
    if (image.current?.heatmap !== heatmap) image.current = { heatmap, pixels: heatmapImage(heatmap) };
    paintHeatmap(element, image.current.pixels, rows, selectedRow);
    element.dataset.drawMs = (performance.now() - started).toFixed(2);
    element.dataset.draws = String(Number(element.dataset.draws ?? 0) + 1);
  }, [heatmap, rows, selectedRow, height]);
  const rowAt = (event: MouseEvent<HTMLCanvasElement>): number => {
    const box = event.currentTarget.getBoundingClientRect();
    return Math.min(rows - 1, Math.max(0, Math.floor(((event.clientY - box.top) / box.height) * rows)));
  };
  const first = heatmap.bins[0];
  const last = heatmap.bins.at(-1);
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="caption" color="text.secondary">
          {first ? `values from ${formatEdge(first.low)}` : ''} · step {heatmap.steps[0]} at the top
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {last ? `to ${formatEdge(last.high)}` : ''} · step {heatmap.steps.at(-1)} at the bottom
        </Typography>
      </Stack>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-rows={rows}
        style={{ width: '100%', height, display: 'block', cursor: 'crosshair', border: '1px solid rgba(127,127,127,0.3)' }}
        onMouseMove={(event) => onRow(rowAt(event), false)}
        onClick={(event) => onRow(rowAt(event), true)}
      />
    </Box>
  );
}
