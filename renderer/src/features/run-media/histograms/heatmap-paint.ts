import type { HistogramHeatmap } from '../../../../../shared/media/histogram3d.ts';

/** Shades from the background (0) to a deep blue (the largest count), as little-endian RGBA words for a Uint32 view. */
const LEVELS = 256;
const PALETTE = (() => {
  const words = new Uint32Array(LEVELS);
  for (let level = 1; level < LEVELS; level += 1) {
    const share = level / (LEVELS - 1);
    const [red, green, blue] = [Math.round(227 - 202 * share), Math.round(242 - 174 * share), Math.round(253 - 113 * share)];
    words[level] = (255 << 24) | (blue << 16) | (green << 8) | red;
  }
  return words;
})();

/**
 * The heatmap as an image of one pixel per (bin, step), counts shaded by the square root of their share of the
 * largest: made once per heatmap, then scaled onto the visible canvas at every paint.
 */
export function heatmapImage(heatmap: HistogramHeatmap): HTMLCanvasElement {
  const columns = Math.max(1, heatmap.bins.length);
  const rows = Math.max(1, heatmap.counts.length);
  const image = new ImageData(columns, rows);
  const pixels = new Uint32Array(image.data.buffer);
  const scale = heatmap.maxCount > 0 ? 1 / heatmap.maxCount : 0;
  heatmap.counts.forEach((row, rowIndex) => {
    const offset = rowIndex * columns;
    for (let column = 0; column < row.length; column += 1) {
      const count = row[column] ?? 0;
      if (count > 0) pixels[offset + column] = PALETTE[Math.max(1, Math.round(Math.sqrt(count * scale) * (LEVELS - 1)))] ?? 0;
    }
  });
  const source = document.createElement('canvas');
  source.width = columns;
  source.height = rows;
  source.getContext('2d')?.putImageData(image, 0, 0);
  return source;
}

/** Paints the heatmap's image over the whole canvas without smoothing, and outlines the selected step's strip. */
export function paintHeatmap(canvas: HTMLCanvasElement, image: HTMLCanvasElement, rows: number, selectedRow: number): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = false;
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  if (selectedRow >= 0 && selectedRow < rows) {
    const rowHeight = canvas.height / rows;
    context.strokeStyle = 'rgba(211, 47, 47, 0.9)';
    context.lineWidth = Math.max(1, Math.min(2, rowHeight));
    context.strokeRect(0.5, selectedRow * rowHeight + 0.5, canvas.width - 1, Math.max(1, rowHeight - 1));
  }
}
