import { copyOnto } from './drag-layers.ts';
import { drawLines } from './draw-lines.ts';
import type { ChartBox } from './geometry.ts';
import type { ParallelModel } from './parallel-model.ts';
import { rasterLines } from './raster-lines.ts';

/**
 * Above this many runs shown, a picture's pixels are computed in JavaScript (1-pixel lines, not anti-aliased) instead of
 * stroked: 2,000 runs × 7 segments of ~150 px paint ~2 M pixels over a ~300,000-pixel chart, ~7 lines a pixel, where
 * anti-aliasing no longer shows on single lines, while Skia's software hairlines cost ~13 ms per 1,000 runs (10,000: ~130 ms).
 */
const RASTER_FROM = 2000;

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
    if (shown.reduce((sum, one) => sum + one, 0) > RASTER_FROM) ctx.putImageData(new ImageData(rasterLines(model, box, shown, style, width, height), width, height), 0, 0);
    else drawLines(ctx, model, box, shown, style);
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
