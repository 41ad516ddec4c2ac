import type { HistogramHeatmap } from '../../../../../shared/media/histogram3d.ts';

/** The colour of a count as a share of the largest: from the background (0) to a deep blue (the largest), by square root. */
function shadeOf(count: number, maxCount: number): [number, number, number, number] {
  if (count <= 0 || maxCount <= 0) return [0, 0, 0, 0];
  const level = Math.sqrt(count / maxCount);
  return [Math.round(227 - 202 * level), Math.round(242 - 174 * level), Math.round(253 - 113 * level), 255];
}

/**
 * Paints the heatmap onto a canvas: one pixel per (bin, step) in an offscreen image, scaled up without smoothing, so a
 * thousand steps cost one `putImageData` and one `drawImage`; the selected step is outlined.
 */
export function paintHeatmap(canvas: HTMLCanvasElement, heatmap: HistogramHeatmap, selectedRow: number): void {
  const context = canvas.getContext('2d');
  const columns = heatmap.bins.length;
  const rows = heatmap.counts.length;
  if (!context) return;
  context.clearRect(0, 0, canvas.width, canvas.height);
  if (columns === 0 || rows === 0) return;
  const image = new ImageData(columns, rows);
  heatmap.counts.forEach((row, rowIndex) => {
    for (let column = 0; column < columns; column += 1) {
      const colour = shadeOf(row[column] ?? 0, heatmap.maxCount);
      image.data.set(colour, (rowIndex * columns + column) * 4);
    }
  });
  const source = document.createElement('canvas');
  source.width = columns;
  source.height = rows;
  source.getContext('2d')?.putImageData(image, 0, 0);
  context.imageSmoothingEnabled = false;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  if (selectedRow >= 0 && selectedRow < rows) {
    const rowHeight = canvas.height / rows;
    context.strokeStyle = 'rgba(211, 47, 47, 0.9)';
    context.lineWidth = Math.max(1, Math.min(2, rowHeight));
    context.strokeRect(0.5, selectedRow * rowHeight + 0.5, canvas.width - 1, Math.max(1, rowHeight - 1));
  }
}
