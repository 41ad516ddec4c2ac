import { copyOnto } from './drag-layers.ts';
import { drawLines } from './draw-lines.ts';
import type { ChartBox } from './geometry.ts';
import type { ParallelModel } from './parallel-model.ts';

/** How the back canvas shows every run: in the metric's colours (no brush), or faint (behind the brushed lines). */
export type BackStyle = 'colour' | 'faint';

/** The back canvas's pictures, each drawn once per runs, filter and size, then copied; see `backLayers`. */
export interface BackLayers {
  /** Clears `ctx` and copies onto it the runs `shown` lets through in `style`, drawing that picture first if needed. */
  draw(ctx: CanvasRenderingContext2D, model: ParallelModel, box: ChartBox, shown: Uint8Array, style: BackStyle): void;
  /** Frees the pictures. */
  close(): void;
}

/**
 * The back canvas's two pictures as bitmaps: the one asked for is drawn at once, the other when the page is next idle, so
 * that starting a brush (colour → faint) or clearing the last one costs a copy rather than redrawing every run.
 */
export function backLayers(): BackLayers {
  let drawnFor: readonly unknown[] = [];
  const pictures = new Map<BackStyle, ImageBitmap>();
  let idle = 0;
  const forget = () => {
    if (idle) cancelIdleCallback(idle);
    idle = 0;
    for (const bitmap of pictures.values()) bitmap.close();
    pictures.clear();
  };
  const picture = (model: ParallelModel, box: ChartBox, shown: Uint8Array, style: BackStyle, width: number, height: number) => {
    const known = pictures.get(style);
    if (known) return known;
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return undefined;
    drawLines(ctx, model, box, shown, style);
    const made = canvas.transferToImageBitmap();
    pictures.set(style, made);
    return made;
  };
  return {
    draw(ctx, model, box, shown, style) {
      const { width, height } = ctx.canvas;
      const key = [model, box, shown, width, height];
      if (!key.every((one, index) => one === drawnFor[index])) {
        forget();
        drawnFor = key;
      }
      const bitmap = picture(model, box, shown, style, width, height);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      if (bitmap) copyOnto(ctx, bitmap);
      else ctx.clearRect(0, 0, width, height);
      if (!idle) {
        const other: BackStyle = style === 'faint' ? 'colour' : 'faint';
        idle = requestIdleCallback(() => picture(model, box, shown, other, width, height), { timeout: 2000 });
      }
    },
    close: forget,
  };
}
