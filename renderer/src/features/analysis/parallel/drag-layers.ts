import { blocksOf, firstAtLeast, rangeIn, sortedOn } from './brush.ts';
import { strokeRuns } from './draw-lines.ts';
import type { ChartBox } from './geometry.ts';
import type { ParallelModel } from './parallel-model.ts';

/** At most this many cached layers per drag direction, and at most this many bytes of them. */
const MAX_BLOCKS = 32;
const MAX_LAYER_BYTES = 48e6;
/** Fewer runs than this in a block are cheaper to draw than to cache. */
const MIN_BLOCK = 64;
/** At most this many layers are added in one frame (a jump draws the rest line by line, as a full redraw would). */
const NEW_LAYERS_A_FRAME = 2;

/** Replaces what `ctx` holds (untransformed) by `bitmap`: a copy, without reading or blending what was there. */
export function copyOnto(ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, bitmap: ImageBitmap): void {
  ctx.globalCompositeOperation = 'copy';
  ctx.drawImage(bitmap, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
}

/** Draws a brush being dragged along one axis, a frame at a time, in time that does not grow with the runs inside it. */
export interface DragPainter {
  /** Clears `ctx` and draws the runs inside the span from the drag's anchor to `to`; answers how many there are. */
  paint(ctx: CanvasRenderingContext2D, to: number): number;
  /** How many runs are inside the span from the anchor to `to` (no drawing). */
  count(to: number): number;
  /** Frees the cached layers. */
  close(): void;
}

/**
 * A painter for a drag from position `from` on axis `axis` over the runs `base` lets through (the other brushes), on a
 * canvas of `pixels` device pixels. The runs are sorted by position on the axis once; the span's runs are then whole
 * blocks counted outward from the anchor, each block's composite with those before it cached as an ImageBitmap on
 * first use, plus at most one block's runs stroked line by line: a frame costs one bitmap copy and a few hundred lines.
 */
export function dragPainter(model: ParallelModel, box: ChartBox, base: Uint8Array, axis: number, from: number, pixels: { width: number; height: number }): DragPainter {
  const { runs, at } = sortedOn(model.positions, model.axes.length, axis, base);
  const layerBytes = pixels.width * pixels.height * 4;
  const blockCount = Math.max(1, Math.min(MAX_BLOCKS, Math.floor(MAX_LAYER_BYTES / Math.max(1, layerBytes))));
  const size = Math.max(MIN_BLOCK, Math.ceil(runs.length / blockCount));
  const ratio = pixels.width / Math.max(1, box.width);
  const anchors = { up: firstAtLeast(at, from), down: firstAtLeast(at, from, false) };
  const chains: Record<'up' | 'down', ImageBitmap[]> = { up: [], down: [] };
  let work: OffscreenCanvas | null = null;
  const span = (to: number) => rangeIn(at, Math.min(from, to), Math.max(from, to));

  /**
   * The composite of the first `count` blocks outward from the anchor, or of as many as are built after adding at most
   * NEW_LAYERS_A_FRAME; answers it and how many blocks it holds.
   */
  function layer(up: boolean, count: number): { bitmap: ImageBitmap | undefined; blocks: number } {
    const chain = chains[up ? 'up' : 'down'];
    const anchor = anchors[up ? 'up' : 'down'];
    const target = Math.min(count, chain.length + NEW_LAYERS_A_FRAME);
    while (chain.length < target) {
      work ??= new OffscreenCanvas(pixels.width, pixels.height);
      const ctx = work.getContext('2d');
      if (!ctx) break;
      const block = chain.length;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      const before = chain[block - 1];
      if (before) copyOnto(ctx, before);
      else ctx.clearRect(0, 0, pixels.width, pixels.height);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      if (up) strokeRuns(ctx, model, box, runs, anchor + block * size, anchor + (block + 1) * size);
      else strokeRuns(ctx, model, box, runs, anchor - (block + 1) * size, anchor - block * size);
      chain.push(work.transferToImageBitmap());
    }
    const blocks = Math.min(count, chain.length);
    return { bitmap: chain[blocks - 1], blocks };
  }

  return {
    paint(ctx, to) {
      const up = to >= from;
      const [start, end] = span(to);
      const whole = blocksOf(start, end, size, up).blocks;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      const cached = whole > 0 ? layer(up, whole) : { bitmap: undefined, blocks: 0 };
      if (cached.bitmap) copyOnto(ctx, cached.bitmap);
      else ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      const [first, last] = blocksOf(start, end, size, up, cached.bitmap ? cached.blocks : 0).rest;
      strokeRuns(ctx, model, box, runs, first, last);
      return end - start;
    },
    count(to) {
      const [start, end] = span(to);
      return end - start;
    },
    close() {
      for (const bitmap of [...chains.up, ...chains.down]) bitmap.close();
      chains.up = [];
      chains.down = [];
    },
  };
}
